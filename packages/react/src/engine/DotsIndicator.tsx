/**
 * The dots indicator, a part of its own: its hover texts are antd's Tooltip (with its popup code, about 14 KB gzip),
 * which a form's first screen does not need (the review form shows dots from its second step).
 */
import type { CompiledForm } from '@antrag/core/compile/types';
import { Tooltip, theme } from 'antd';
import { VISUALLY_HIDDEN } from './Indicator.js';
import type { Translate } from './i18n.js';

/**
 * A row of dots, one a step: done and current filled, later ones hollow. Each names its step and, on hover,
 * shows the step's `tooltip` (the review definition's); screen readers read both from the dot's text.
 */
export function DotsIndicator({ form, step, t }: { form: CompiledForm; step: number; t: Translate }) {
  const { token } = theme.useToken();
  const total = form.steps.length;
  return (
    <ol
      className="antrag-dots"
      aria-label={t('wizard.stepCount', { step: step + 1, total })}
      style={{ display: 'flex', gap: 12, listStyle: 'none', margin: '8px 0 16px', padding: 0 }}
    >
      {form.steps.map((s, i) => {
        const name = t(s.title);
        const tip = s.tooltip ? t(s.tooltip) : undefined;
        const state = i < step ? 'done' : i === step ? 'active' : 'pending';
        const size = state === 'active' ? 14 : 10;
        return (
          <Tooltip key={s.id} title={tip ? `${name}: ${tip}` : name}>
            <li
              aria-current={i === step ? 'step' : undefined}
              data-state={state}
              style={{
                width: size,
                height: size,
                alignSelf: 'center',
                borderRadius: '50%',
                boxSizing: 'border-box',
                border: `2px solid ${token.colorPrimary}`,
                background: state === 'pending' ? 'transparent' : token.colorPrimary,
              }}
            >
              <span style={VISUALLY_HIDDEN}>{tip ? `${name}: ${tip}` : name}</span>
            </li>
          </Tooltip>
        );
      })}
    </ol>
  );
}
