import type { WidgetProps } from '@rjsf/utils';
import { InputNumber } from 'antd';
import { ariaFor } from '../shared/aria.js';
import { maybe, textsOf } from '../shared/texts.js';

const SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£' };

/**
 * An amount of money as a JSON number, the currency symbol before or after it. Cents typed where the schema
 * says integer are kept, not rounded, so the field's whole-number message can say what is wrong.
 */
export function CurrencyWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors, registry, options } = props;
  const {
    currency = 'EUR',
    symbolPosition = 'prefix',
    min,
    max,
  } = options as {
    currency?: string;
    symbolPosition?: 'prefix' | 'suffix';
    min?: number;
    max?: number;
  };
  const { t } = textsOf(registry);
  const symbol = SYMBOLS[currency] ?? currency;
  return (
    <InputNumber<number>
      id={id}
      value={typeof value === 'number' ? value : null}
      min={min}
      max={max}
      prefix={symbolPosition === 'prefix' ? symbol : undefined}
      suffix={symbolPosition === 'suffix' ? symbol : undefined}
      placeholder={maybe(t, placeholder)}
      disabled={disabled}
      readOnly={readonly}
      style={{ width: '100%' }}
      onChange={(v) => onChange(v ?? undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      {...ariaFor(id, rawErrors)}
    />
  );
}
