/**
 * The wizard's parts that a form's first screen does not draw, loaded when they are: the result screens (after the
 * last submission; preloaded on the last step), the draft dialog (only when a draft is stored), the dialogs of modal
 * sections (loaded when their step is drawn, shown on its Next), the numbered steps (drawn on wide screens only) and
 * the dots (with antd's Tooltip). They keep antd's Result, Modal, Steps and Tooltip out of a first load of a form route.
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

/** The dots' row, of their height and margins while it loads, so the headline below does not move. */
export const LazyDotsIndicator = lazyComponent(
  () => import('./DotsIndicator.js').then((m) => m.DotsIndicator),
  <div aria-hidden="true" style={{ minHeight: 14, margin: '8px 0 16px' }} />,
);

/** Loads every part (tests draw them at once, as after a preload). */
export function preloadWizardParts(): Promise<unknown> {
  return Promise.all(
    [LazyResultScreen, LazyDraftDialog, LazyModalSection, LazyStepsIndicator, LazyDotsIndicator].map((part) =>
      part.preload(),
    ),
  );
}
