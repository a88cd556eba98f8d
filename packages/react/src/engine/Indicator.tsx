/** Where the user is in the wizard: numbered steps, a progress bar or dots, as the form says. */

import type { CompiledForm } from '@antrag/core/compile/types';
import type { Translate } from './i18n.js';
import { LazyDotsIndicator, LazyStepsIndicator } from './lazyParts.js';

/** The form's indicators, and the numbered steps drawn compact (on a phone, where they do not fit). */
type Kind = NonNullable<CompiledForm['wizard']['indicator']> | 'compactSteps';

export function indicatorKind(form: CompiledForm, step: number, isMobile: boolean): Kind {
  if (step === 0 && form.wizard.hideIndicatorOnFirstStep) return 'none';
  if (isMobile) {
    const kind = form.wizard.mobileIndicator ?? (form.wizard.indicator === 'steps' ? 'none' : form.wizard.indicator);
    return kind === 'steps' ? 'compactSteps' : kind;
  }
  return form.wizard.indicator;
}

export function Indicator({ form, step, kind, t }: { form: CompiledForm; step: number; kind: Kind; t: Translate }) {
  const total = form.steps.length;
  if (kind === 'none' || total < 2) return null;
  if (kind === 'progress') return <ProgressBar step={step} total={total} t={t} />;
  if (kind === 'compactSteps') return <CompactSteps form={form} step={step} t={t} />;
  if (kind === 'dots') return <LazyDotsIndicator form={form} step={step} t={t} />;
  return <LazyStepsIndicator form={form} step={step} t={t} />;
}

/** A thin bar filled to the share of steps reached (antd's line progress, drawn here without its code, on its tokens). */
function ProgressBar({ step, total, t }: { step: number; total: number; t: Translate }) {
  const percent = Math.round(((step + 1) / total) * 100);
  return (
    <div
      className="antrag-progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={t('wizard.stepCount', { step: step + 1, total })}
      style={{ height: 8, margin: '8px 0', borderRadius: 4, background: 'var(--antrag-color-fill-secondary)' }}
    >
      <div
        style={{ width: `${percent}%`, height: '100%', borderRadius: 4, background: 'var(--antrag-color-primary)' }}
      />
    </div>
  );
}

export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The numbered steps in a phone's width: one segment per step (earlier ones done, the current one active and
 * taller, later ones pending), the current step's title below (its place is in the headline). Not a `progressbar`: uploads' bars
 * are the page's progress bars.
 */
function CompactSteps({ form, step, t }: { form: CompiledForm; step: number; t: Translate }) {
  const total = form.steps.length;
  const current = form.steps[step];
  return (
    <div className="antrag-steps-compact" style={{ margin: '8px 0 16px' }}>
      <ol
        aria-label={t('wizard.stepCount', { step: step + 1, total })}
        style={{ display: 'flex', alignItems: 'center', gap: 4, listStyle: 'none', margin: 0, padding: 0 }}
      >
        {form.steps.map((s, i) => {
          const state = i < step ? 'done' : i === step ? 'active' : 'pending';
          return (
            <li
              key={s.id}
              data-state={state}
              aria-current={i === step ? 'step' : undefined}
              style={{
                flex: 1,
                height: state === 'active' ? 8 : 4,
                borderRadius: 4,
                background: state === 'pending' ? 'var(--antrag-color-border)' : 'var(--antrag-color-primary)',
              }}
            >
              <span style={VISUALLY_HIDDEN}>{t(s.title)}</span>
            </li>
          );
        })}
      </ol>
      {current && (
        <div
          className="antrag-steps-compact-title"
          aria-hidden="true"
          style={{ marginTop: 6, fontSize: 'var(--antrag-font-size-sm)', color: 'var(--antrag-color-text-secondary)' }}
        >
          {t(current.title)}
        </div>
      )}
    </div>
  );
}
