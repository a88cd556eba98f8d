/**
 * A widget or field whose code loads when it is first needed, so a form's first screen carries only the code of the
 * widgets its first step uses: the heavy fields (camera and video, passport OCR, the payers' table and dialog, the
 * consent PDF, uploads) and every other kind alike. The wizard loads the code of a step before it shows the step and
 * preloads the next step's (`preload`, `isLoaded`); a component drawn before its code is there (outside the wizard)
 * shows a busy placeholder of a field's height. An instance keeps the way it was first drawn, so loading never
 * remounts it.
 *
 * A part is drawn inside antd's ConfigProvider with the engine's theme and texts (`shared/antdScope.tsx`, loaded with
 * its code), unless it is `light`: drawn by the light controls only, with no antd component anywhere in its code
 * (tests/unit/widgets/lightParts.test.ts checks that by their sources), so a first screen of light parts loads none
 * of antd's code.
 */
import type { Registry } from '@rjsf/utils';
import { Component, type ComponentType, type JSX, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { LoadFailed } from './shared/LoadFailed.js';
import { type Translate, textsOf } from './shared/texts.js';

export interface LazyComponent<P> {
  (props: P): ReactNode;
  /** Starts loading the code (once); resolves when it is there. */
  preload(): Promise<void>;
  /** The code is there: the component draws at once. */
  isLoaded(): boolean;
}

/** Whether `component` loads its code lazily (made by `lazyComponent`). */
export function isLazyComponent(component: unknown): component is LazyComponent<never> {
  return typeof component === 'function' && typeof (component as Partial<LazyComponent<never>>).preload === 'function';
}

export interface LazyOptions {
  /** The part draws no antd component (none in its code): it is not put into antd's ConfigProvider. */
  light?: boolean;
}

/**
 * `fallback`: what shows while the code loads (default: a busy placeholder of a field's height); a part that is closed
 * at first (a dialog) gives `null`.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <div className="antrag-field-loading" aria-busy="true" style={{ minHeight: 32 }} />,
  { light = false }: LazyOptions = {},
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () => {
    pending ??= (
      light
        ? load()
        : Promise.all([load(), import('./shared/antdScope.js')]).then(([component, { withAntdScope }]) =>
            withAntdScope(component),
          )
    ).then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        // the next use asks again (a failed load is not kept for the page's life)
        pending = undefined;
        throw new PartLoadError(error);
      },
    );
    return pending;
  };
  // React keeps a lazy component's failure: a new one for each attempt after a failed load
  const deferred = () =>
    lazy(async () => {
      await preload();
      return { default: loaded as ComponentType<P> };
    });
  let Deferred = deferred();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per field type when the registry module loads, never during a render
  function LazyField(props: P) {
    const [ready] = useState(() => loaded !== undefined);
    const [attempt, setAttempt] = useState(0);
    const Loaded = loaded;
    if (ready && Loaded) return <Loaded {...props} />;
    const Part = Deferred;
    return (
      <LoadBoundary
        key={attempt}
        t={translatorOf(props)}
        onRetry={() => {
          if (!loaded) Deferred = deferred();
          setAttempt((n) => n + 1);
        }}
      >
        <Suspense fallback={fallback}>
          <Part {...(props as P & JSX.IntrinsicAttributes)} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return Object.assign(LazyField, { preload, isLoaded: () => loaded !== undefined });
}

/** A part's code that could not be loaded (the network), as its loader rejects. */
export class PartLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'PartLoadError';
  }
}

/** The texts a part's props carry: a widget's or field's registry, or the engine's `t` (its own parts). */
function translatorOf(props: object): Translate {
  const { t, registry } = props as { t?: unknown; registry?: Registry };
  return typeof t === 'function' ? (t as Translate) : textsOf(registry).t;
}

/**
 * Where a part's code could not be loaded, says so in the page's language with a button to try again, instead of
 * the raw error of the browser (an address) under "unexpected error"; any other error goes on to the field's own
 * boundary.
 */
class LoadBoundary extends Component<{ t: Translate; onRetry: () => void; children: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!(error instanceof PartLoadError)) throw error;
    return <LoadFailedNotice t={this.props.t} onRetry={this.props.onRetry} />;
  }
}

function LoadFailedNotice({ t, onRetry }: { t: Translate; onRetry: () => void }) {
  return <LoadFailed id={useId()} t={t} onRetry={onRetry} />;
}
