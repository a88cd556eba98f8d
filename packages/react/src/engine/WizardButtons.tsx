import { LoadingOutlined } from '@ant-design/icons';
import type { StepPlan } from '@antrag/core/compile/types';
import { Button, ConfigProvider, Space } from 'antd';
import { useHydrated } from '../hooks/useHydrated.js';
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

// no space put between two Chinese characters ('提 交'): the label reads as written
const BUTTON_CONFIG = { loadingIcon: <LoadingOutlined />, autoInsertSpace: false };

/**
 * Previous (not on the first step, nor on a step with `backButton: false`), then Next or Done; Next and Done
 * submit the step's form.
 */
export function WizardButtons({ step, isFirst, isLast, busy, blocked, doneAllowed, onBack, t }: WizardButtonsProps) {
  // a page drawn on the server: until React listens, Next submits nothing (the browser's own submit would send the
  // answers in the address and reload the page empty), and Enter in a field has no submit button to press
  const hydrated = useHydrated();
  return (
    // a loading icon without antd's appear/leave motion: the animated one stays in the button (named
    // 'loading') when the answer arrives before its appear motion has finished
    <ConfigProvider button={BUTTON_CONFIG}>
      <Space className="antrag-buttons">
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
      </Space>
    </ConfigProvider>
  );
}
