/** The numbered steps above a step (the `steps` indicator), loaded only where drawn (lazyParts.tsx). */

import type { CompiledForm } from '@antrag/core/compile/types';
import { Steps } from 'antd';
import type { Translate } from './i18n.js';

export function StepsIndicator({ form, step, t }: { form: CompiledForm; step: number; t: Translate }) {
  const total = form.steps.length;
  return (
    <Steps
      current={step}
      size="small"
      // titles under the numbers: beside them, nine steps in 960 px wrap letter by letter
      titlePlacement={total > 5 ? 'vertical' : 'horizontal'}
      items={form.steps.map((s, i) => ({
        title: t(s.title),
        status: i < step ? 'finish' : i === step ? 'process' : 'wait',
      }))}
    />
  );
}
