import { Button, Space } from 'antd';
import type { StepPlan } from '../core/compile/types.js';
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

/** Previous (not on the first step), then Next or Done; Next and Done submit the step's form. */
export function WizardButtons({ step, isFirst, isLast, busy, blocked, doneAllowed, onBack, t }: WizardButtonsProps) {
  return (
    <Space className="antrag-buttons">
      {isFirst ? null : (
        <Button htmlType="button" onClick={onBack} disabled={busy}>
          {t(step.labels.previous)}
        </Button>
      )}
      <Button type="primary" htmlType="submit" loading={busy} disabled={blocked || (isLast && !doneAllowed)}>
        {t(isLast ? step.labels.done : step.labels.next)}
      </Button>
    </Space>
  );
}
