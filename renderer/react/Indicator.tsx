/** Where the user is in the wizard: numbered steps, a progress bar or dots, as the form says. */
import { Progress, Steps } from 'antd';
import type { CompiledForm } from '../core/compile/types.js';
import type { Translate } from './i18n.js';

type Kind = NonNullable<CompiledForm['wizard']['indicator']>;

export function indicatorKind(form: CompiledForm, step: number, isMobile: boolean): Kind {
  if (step === 0 && form.wizard.hideIndicatorOnFirstStep) return 'none';
  if (isMobile)
    return form.wizard.mobileIndicator ?? (form.wizard.indicator === 'steps' ? 'none' : form.wizard.indicator);
  return form.wizard.indicator;
}

export function Indicator({ form, step, kind, t }: { form: CompiledForm; step: number; kind: Kind; t: Translate }) {
  const total = form.steps.length;
  if (kind === 'none' || total < 2) return null;
  if (kind === 'progress')
    return (
      <Progress
        percent={Math.round(((step + 1) / total) * 100)}
        showInfo={false}
        aria-label={t('wizard.stepCount', { step: step + 1, total })}
      />
    );
  if (kind === 'dots')
    return (
      <ol className="antrag-dots" aria-label={t('wizard.stepCount', { step: step + 1, total })}>
        {form.steps.map((s, i) => (
          <li
            key={s.id}
            aria-current={i === step ? 'step' : undefined}
            data-state={i < step ? 'done' : i === step ? 'active' : 'pending'}
            title={t(s.title)}
          />
        ))}
      </ol>
    );
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
