import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { ariaFor } from '../shared/aria.js';
import { describedBy, failedNoticeId, heavyPart, LoadFailed, useLoadOnUse } from '../shared/loadOnUse.js';
import { SelectStandIn } from '../shared/SelectStandIn.js';
import { maybe, type Translate, textsOf } from '../shared/texts.js';
import { countryFor, dialChoices, isDialOptions } from './dialCodes.js';
import { type Choice, choicesOf } from './options.js';

export const SEARCH_DEBOUNCE_MS = 200;

/** Options whose label contains the text, case-insensitively; with allowCustom an unmatched text becomes an option. */
export function filterChoices(choices: Choice[], text: string, allowCustom: boolean): Choice[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return choices;
  const found = choices.filter((c) => c.label.toLocaleLowerCase().includes(needle));
  const exact = found.some((c) => c.label.toLocaleLowerCase() === needle);
  return allowCustom && !exact ? [...found, { value: text.trim(), label: text.trim() }] : found;
}

/** The choices of a searchable select: calling codes one a country ('Germany (+49)'), else its options. */
export function searchChoicesOf(props: WidgetProps, t: Translate, locale: string): Choice[] {
  const list = props.options.options;
  return isDialOptions(list) ? dialChoices(list, locale) : choicesOf(props, t);
}

/** antd's Select, loaded when a searchable select is first used (see ../shared/loadOnUse.tsx). */
export const searchSelect = heavyPart(() => import('./SearchSelectList.js').then((m) => m.SearchSelectList));

/**
 * A searchable single choice (search debounced 200 ms); with allowCustom a typed value may be kept. A light stand-in
 * shows the choice until the field is used; antd's Select then takes its place.
 */
export function SearchSelectWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors, registry, options } = props;
  const { t, locale } = textsOf(registry);
  const { Heavy, handoff, standIn } = useLoadOnUse(searchSelect, id);
  const choices = useMemo(() => (Heavy ? [] : searchChoicesOf(props, t, locale)), [Heavy, props, t, locale]);
  if (Heavy) return <Heavy {...props} handoff={handoff} />;
  const dial = isDialOptions(options.options) ? options.options : undefined;
  const selected = dial ? countryFor(dial, value) : value;
  const chosen = selected === undefined || selected === null || selected === '' ? undefined : selected;
  const aria = ariaFor(id, rawErrors);
  return (
    <>
      <SelectStandIn
        id={id}
        standIn={standIn}
        shown={chosen === undefined ? undefined : (choices.find((c) => c.value === chosen)?.label ?? String(chosen))}
        placeholder={maybe(t, placeholder)}
        disabled={disabled || readonly}
        invalid={aria['aria-invalid']}
        feedback
        aria-invalid={aria['aria-invalid']}
        aria-describedby={describedBy(id, standIn, aria['aria-describedby'])}
        onClear={props.required ? undefined : () => onChange(undefined)}
        onFocus={() => onFocus(id, value)}
        onBlur={() => onBlur(id, value)}
      />
      {standIn.failed && <LoadFailed id={failedNoticeId(id)} t={t} onRetry={standIn.retry} />}
    </>
  );
}
