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
import { type ComponentType, type JSX, lazy, type ReactNode, Suspense, useState } from 'react';

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
    ).then((component) => {
      loaded = component;
    });
    return pending;
  };
  const Deferred = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  // biome-ignore lint/correctness/noComponentHookFactories: made once per field type when the registry module loads, never during a render
  function LazyField(props: P) {
    const [ready] = useState(() => loaded !== undefined);
    const Loaded = loaded;
    if (ready && Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Deferred {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }
  return Object.assign(LazyField, { preload, isLoaded: () => loaded !== undefined });
}
