import type { WidgetProps } from '@rjsf/utils';
import { NumberInput } from './NumberInput.js';

const SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£' };

/**
 * An amount of money as a JSON number, the currency symbol before or after it, typed as text (NumberInput):
 * cents typed where the schema says integer, a comma that is not the page language's decimal comma, or an
 * amount beyond min and max are kept as typed, not rounded, cut or clamped, so the field's message can say
 * what is wrong. '1.5' and the page language's '1,5' are both one and a half.
 */
export function CurrencyWidget(props: WidgetProps) {
  const {
    currency = 'EUR',
    symbolPosition = 'prefix',
    min,
    max,
  } = props.options as {
    currency?: string;
    symbolPosition?: 'prefix' | 'suffix';
    min?: number;
    max?: number;
  };
  const symbol = SYMBOLS[currency] ?? currency;
  return (
    <NumberInput
      widget={props}
      min={min}
      max={max}
      prefix={symbolPosition === 'prefix' ? symbol : undefined}
      suffix={symbolPosition === 'suffix' ? symbol : undefined}
    />
  );
}
