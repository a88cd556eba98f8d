import type { StepPlan } from '@antrag/core/compile/types';
import { useHydrated } from '../hooks/useHydrated.js';
import { Button } from './chrome/Button.js';
import type { Translate } from './i18n.js';

export interface WizardButtonsProps {
  step: StepPlan;
  isFirst: boolean;
  isLast: boolean;
  busy: boolean;
  /** Uploads in flight: Next and Done wait. */
  blocked: boolean;
  doneAllowed: boolean;
  onBack: () => void;
  t: Translate;
}

/**
 * Previous (not on the first step, nor on a step with `backButton: false`), then Next or Done; Next and Done
 * submit the step's form.
 */
export function WizardButtons({ step, isFirst, isLast, busy, blocked, doneAllowed, onBack, t }: WizardButtonsProps) {
  // a page drawn on the server: until React listens, Next submits nothing (the browser's own submit would send the
  // answers in the address and reload the page empty), and Enter in a field has no submit button to press
  const hydrated = useHydrated();
  return (
    // antd's Space of buttons (8px apart); the chrome's Button puts no space between two Chinese characters ('提 交')
    // and its loading icon comes and goes at once (antd's animated one could stay after the answer had arrived)
    <div className="antrag-buttons">
      {isFirst || step.backButton === false ? null : (
        <Button htmlType="button" onClick={onBack} disabled={busy}>
          {t(step.labels.previous)}
        </Button>
      )}
      <Button
        type="primary"
        htmlType={hydrated ? 'submit' : 'button'}
        loading={busy}
        disabled={blocked || (isLast && !doneAllowed)}
      >
        {t(isLast ? step.labels.done : step.labels.next)}
      </Button>
    </div>
  );
}
