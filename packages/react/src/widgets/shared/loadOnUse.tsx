/**
 * Fields whose heavy control (antd's Select or DatePicker, with their libraries) loads only when a person uses it.
 * Until then a light stand-in draws the same box — the same size, border, placeholder and shown value — as a real
 * control: labelled by the field's id, in error as the field is, reachable by the keyboard. Hovering or focusing it
 * starts loading the code; pressing it, opening it by the keyboard or typing into a list's search asks for the heavy
 * control, which takes the stand-in's place once its code is there, with the focus, the typed text and the list or
 * calendar opened as asked. While the code loads after such a use the stand-in says it is busy; when it fails to
 * load, a notice offers to try again (the stand-in stays usable as far as it goes).
 *
 * The first render is the same on the server and in the browser (no `window` read while drawing): a field whose code
 * is already there draws the heavy control at once, except while a server's HTML is being hydrated.
 */
import { LoadingOutlined } from '@ant-design/icons-svg';
import {
  type ComponentType,
  type MutableRefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Icon } from '../light/Icon.js';
import '../light/light.css';
import './loadOnUse.css';

// said where a part's code could not be loaded (its own module: the lazy parts use it without the stand-ins' code)
export { LoadFailed } from './LoadFailed.js';

export type LoadState = 'idle' | 'loading' | 'loaded' | 'failed';

/** The heavy control of a kind of field, loaded once for every field of that kind. */
export interface HeavyPart<P> {
  /** Loads the code (once; again after a failure); rejects when it could not be loaded. */
  load(): Promise<void>;
  /** Starts loading, as a hover or a focus does: a failure is only noted (the next use tries again). */
  preload(): void;
  state(): LoadState;
  /** The control, once loaded. */
  component(): ComponentType<P> | undefined;
  subscribe(listener: () => void): () => void;
}

/**
 * An antd control's code with the field's error state handed to it as antd's form item did (antdFieldStatus.tsx,
 * loaded with it): the light field template draws no form item; and inside antd's ConfigProvider with the engine's
 * theme and texts (antdScope.tsx), which the first screen does not load.
 */
export async function withFieldStatus<P>(control: Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const [Control, { withAntdFieldStatus }, { withAntdScope }] = await Promise.all([
    control,
    import('./antdFieldStatus.js'),
    import('./antdScope.js'),
  ]);
  return withAntdScope(withAntdFieldStatus(Control) as ComponentType<P & object>) as ComponentType<P>;
}

export function heavyPart<P>(load: () => Promise<ComponentType<P>>): HeavyPart<P> {
  let state: LoadState = 'idle';
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const set = (next: LoadState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const start = () => {
    if (!pending) {
      set('loading');
      pending = withFieldStatus(load()).then(
        (component) => {
          loaded = component;
          set('loaded');
        },
        (error: unknown) => {
          pending = undefined;
          set('failed');
          throw error;
        },
      );
    }
    return pending;
  };
  return {
    load: start,
    preload: () => {
      if (state === 'idle') start().catch(() => {});
    },
    state: () => state,
    component: () => loaded,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One heavy part per language (a control loaded with texts of its own, as the country names), made when first asked. */
export function heavyPartsByLocale<P>(
  load: (locale: string) => Promise<ComponentType<P>>,
): (locale: string) => HeavyPart<P> {
  const parts = new Map<string, HeavyPart<P>>();
  return (locale) => {
    let part = parts.get(locale);
    if (!part) {
      part = heavyPart(() => load(locale));
      parts.set(locale, part);
    }
    return part;
  };
}

/** What the heavy control is to do as it takes the stand-in's place. */
export interface Handoff {
  /** Open its list or calendar (the person pressed the field, or asked by the keyboard). */
  open: boolean;
  /**
   * With `returns`: the person left the heavy control; the stand-in takes its place again (and hands over to it
   * again on the next use, with the focus given by the engine rather than by the press).
   */
  release?: () => void;
}

/** What the stand-in leaves to the heavy control: whether it had the focus, and what was typed into it. */
interface Carry {
  focused: boolean;
  text: string;
  /** The stand-in is being replaced: its blur is no blur of the field. */
  leaving: boolean;
}

/** What a stand-in needs from `useLoadOnUse`. */
export interface StandIn {
  /** Loading after a use: the control is `aria-busy`. */
  busy: boolean;
  /** Loading for a moment already: the field shows a spinner (a quick load shows none, so nothing flickers). */
  spinning: boolean;
  /** The code could not be loaded: the field shows `LoadFailed`. */
  failed: boolean;
  /** The person used the field: load the heavy control and let it take over (`open`: with its list open). */
  use(handoff: Handoff): void;
  /** Start loading, nothing more (hover, focus). */
  preload(): void;
  /** Loads again after a failure, for the use that failed, with the focus back in the field. */
  retry(): void;
  /** The person left the field or pressed Escape: the list is not to open when the code arrives. */
  dismiss(): void;
  /**
   * The person is typing into a stand-in that reads what is typed (a date): it stays, and the heavy control takes its
   * place only when asked again (a press, ArrowDown), never in the middle of the typing.
   */
  stay(): void;
  /** Whether the stand-in is being replaced: its blur is then no blur of the field. */
  isLeaving(): boolean;
  /** What the stand-in leaves to the heavy control (see `useHandOver`). */
  carry: MutableRefObject<Carry>;
}

const noSubscription = () => () => {};

/**
 * Whether this render is the server's or the hydration of its HTML (React then takes the server's snapshot), so a
 * field draws what the server drew.
 */
function useServerSnapshot(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/** How long a load may take before the field shows a spinner. */
const SPIN_AFTER_MS = 150;

/**
 * Whether to draw `part`'s heavy control or the stand-in. `controlId`: the id of the control that takes the focus
 * (the stand-in's and the heavy control's input share it, the field's id).
 */
export function useLoadOnUse<P>(
  part: HeavyPart<P>,
  controlId: string,
  /**
   * `returns`: the heavy control is drawn only from a use until the person leaves it, the stand-in otherwise (a date:
   * the light box reads what is typed; antd's picker, focused by a tap on a phone, took no typed key).
   */
  { returns = false }: { returns?: boolean } = {},
): { Heavy: ComponentType<P> | undefined; handoff: Handoff | undefined; standIn: StandIn } {
  const serverSnapshot = useServerSnapshot();
  // a field drawn after its kind's code loaded (another step, a field shown later) draws the heavy control at once
  const [loadedFirst] = useState(() => !returns && !serverSnapshot && part.state() === 'loaded');
  const state = useSyncExternalStore(part.subscribe, part.state, () => 'idle' as const);
  const [handoff, setHandoff] = useState<Handoff>();
  const carry = useRef<Carry>({ focused: false, text: '', leaving: false });
  const swapped = state === 'loaded' && (loadedFirst || handoff !== undefined);
  const busy = state === 'loading' && handoff !== undefined;
  const [spinning, setSpinning] = useState(false);

  useEffect(() => {
    if (!busy) {
      setSpinning(false);
      return;
    }
    const timer = setTimeout(() => setSpinning(true), SPIN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  const use = useCallback(
    (next: Handoff) => {
      setHandoff((previous) => ({ open: next.open || !!previous?.open }));
      part.load().catch(() => {});
    },
    [part],
  );
  const retry = useCallback(() => {
    // the notice and its button go while the code loads: the focus goes back to the field, and on to the control
    document.getElementById(controlId)?.focus();
    // what the person asked for when the load failed: the list or calendar, open
    setHandoff({ open: true });
    part.load().catch(() => {});
  }, [part, controlId]);
  const dismiss = useCallback(() => setHandoff((previous) => previous && { open: false }), []);
  const stay = useCallback(() => setHandoff(undefined), []);
  const release = useCallback(() => setHandoff(undefined), []);
  const isLeaving = useCallback(() => carry.current.leaving, []);

  // the heavy control has taken the stand-in's place: the focus and the typed text go over to it
  useLayoutEffect(() => {
    if (!swapped) return;
    const { focused, text, leaving } = carry.current;
    carry.current = { focused: false, text: '', leaving: false };
    if (!leaving || !focused) return;
    const control = document.getElementById(controlId);
    if (!(control instanceof HTMLInputElement)) return;
    control.focus();
    if (text && control.value !== text) typeInto(control, text);
  }, [swapped, controlId]);

  return {
    Heavy: swapped ? part.component() : undefined,
    handoff: handoff && returns ? { ...handoff, release } : handoff,
    standIn: {
      busy,
      spinning: busy && spinning,
      failed: state === 'failed' && handoff !== undefined,
      use,
      preload: part.preload,
      retry,
      dismiss,
      stay,
      isLeaving,
      carry,
    },
  };
}

/**
 * For the stand-in: as it leaves (its layout effect's cleanup runs before its DOM goes), notes whether its control
 * has the focus and what was typed into it, for the heavy control that takes its place.
 */
export function useHandOver(standIn: StandIn, control: () => HTMLInputElement | null | undefined): void {
  const { carry } = standIn;
  // the latest getter, for the cleanup (which runs once, with what the last render saw)
  const latest = useRef(control);
  latest.current = control;
  useLayoutEffect(() => {
    carry.current.leaving = false;
    return () => {
      const input = latest.current();
      carry.current = {
        focused: !!input && input.ownerDocument.activeElement === input,
        text: input?.value ?? '',
        leaving: true,
      };
    };
  }, [carry]);
}

/**
 * Puts `text` into an input a library controls, as typing would: through the value setter React watches and an
 * `input` event, so the library reads it as typed (a search, a date).
 */
function typeInto(input: HTMLInputElement, text: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.setSelectionRange?.(text.length, text.length);
}

/** The spinner a stand-in shows in its box while the heavy control loads. */
export function LoadingIcon() {
  return <Icon icon={LoadingOutlined} className="antrag-standin-spinner" spin />;
}

/** The id of a field's load-failure notice, for its control's `aria-describedby`. */
export const failedNoticeId = (id: string) => `${id}__load`;

/** A stand-in's `aria-describedby`: the field's, and the load-failure notice while it shows. */
export function describedBy(id: string, standIn: StandIn, base: string | undefined): string | undefined {
  return standIn.failed ? [failedNoticeId(id), base].filter(Boolean).join(' ') : base;
}
