/** Where the user is in the wizard: numbered steps, a progress bar or dots, as the form says. */
import { theme } from 'antd';
import type { CompiledForm } from '../core/compile/types.js';
import type { Translate } from './i18n.js';
import { LazyStepsIndicator } from './lazyParts.js';

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
  if (kind === 'progress') return <ProgressBar step={step} total={total} t={t} />;
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
  return <LazyStepsIndicator form={form} step={step} t={t} />;
}

/** A thin bar filled to the share of steps reached (antd's line progress, drawn here without its code). */
function ProgressBar({ step, total, t }: { step: number; total: number; t: Translate }) {
  const { token } = theme.useToken();
  const percent = Math.round(((step + 1) / total) * 100);
  return (
    <div
      className="antrag-progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={t('wizard.stepCount', { step: step + 1, total })}
      style={{ height: 8, margin: '8px 0', borderRadius: 4, background: token.colorFillSecondary }}
    >
      <div style={{ width: `${percent}%`, height: '100%', borderRadius: 4, background: token.colorPrimary }} />
    </div>
  );
}
