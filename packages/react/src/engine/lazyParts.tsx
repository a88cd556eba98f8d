/**
 * The wizard's parts that a form's first screen does not draw, loaded when they are: the result screens (after the
 * last submission; preloaded on the last step), the draft dialog (only when a draft is stored), the dialogs of modal
 * sections (loaded when their step is drawn, shown on its Next) and the numbered steps (drawn on wide screens only).
 * They keep antd's Result, Modal and Steps out of a phone's first load of a form route.
 */
import { lazyComponent } from '../widgets/lazy.js';

export const LazyResultScreen = lazyComponent(() => import('./ResultScreen.js').then((m) => m.ResultScreen), null);
export const LazyDraftDialog = lazyComponent(() => import('./DraftDialog.js').then((m) => m.DraftDialog), null);
export const LazyModalSection = lazyComponent(() => import('./ModalSection.js').then((m) => m.ModalSection), null);
/** A row of the steps' height while it loads, so the headline below does not move. */
export const LazyStepsIndicator = lazyComponent(
  () => import('./StepsIndicator.js').then((m) => m.StepsIndicator),
  <div aria-hidden="true" style={{ minHeight: 56 }} />,
);

/** Loads every part (tests draw them at once, as after a preload). */
export function preloadWizardParts(): Promise<unknown> {
  return Promise.all(
    [LazyResultScreen, LazyDraftDialog, LazyModalSection, LazyStepsIndicator].map((part) => part.preload()),
  );
}
