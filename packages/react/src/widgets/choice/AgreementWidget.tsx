import type { WidgetProps } from '@rjsf/utils';
import { moneyParams } from '../computed/format.js';
import { Checkbox } from '../light/Checkbox.js';
import { ariaFor } from '../shared/aria.js';
import { Markdownish } from '../shared/Markdownish.js';
import { textsOf } from '../shared/texts.js';

/** A consent checkbox whose text may hold [text](url) links (opened in a new tab); never raw HTML. */
export function AgreementWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, registry, options, label } = props;
  const { content, amounts } = options as { content?: string; amounts?: unknown };
  const { t, locale } = textsOf(registry);
  return (
    <Checkbox
      id={id}
      checked={value === true}
      disabled={disabled || readonly}
      onChange={(e) => onChange(e.target.checked)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      {...ariaFor(id, rawErrors)}
    >
      <Markdownish text={content ? t(content, moneyParams(amounts, locale)) : (label ?? '')} inlineOnly />
    </Checkbox>
  );
}
