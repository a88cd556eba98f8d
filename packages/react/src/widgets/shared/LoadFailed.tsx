import { type Translate, textOr } from './texts.js';

/**
 * Said under a field whose control could not be loaded, with a button to try again (styled in `loadOnUse.css`, which
 * the form's first screen loads with the stand-ins).
 */
export function LoadFailed({ id, t, onRetry }: { id: string; t: Translate; onRetry: () => void }) {
  return (
    <div id={id} role="alert" className="antrag-standin-failed">
      {textOr(t, 'wizard.fieldFailed', 'This field could not be loaded. Please check your connection and try again.')}{' '}
      <button type="button" className="antrag-standin-retry" onClick={onRetry}>
        {textOr(t, 'wizard.retry', 'Try again')}
      </button>
    </div>
  );
}
