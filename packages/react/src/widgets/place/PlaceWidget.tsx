import type { WidgetProps } from '@rjsf/utils';
import { maybe, textsOf } from '../shared/texts.js';
import { PlaceSearch, type PlaceSearchOptions } from './PlaceSearch.js';

/** A place as text (`valueShape: 'text'`): the chosen prediction's description, e.g. 'Munich, Bavaria, Germany'. */
export function PlaceWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors, registry, required } =
    props;
  const { t } = textsOf(registry);
  return (
    <PlaceSearch
      id={id}
      current={typeof value === 'string' && value !== '' ? value : undefined}
      options={props.options as PlaceSearchOptions}
      registry={registry}
      placeholder={maybe(t, placeholder)}
      disabled={disabled || readonly}
      required={required}
      rawErrors={rawErrors}
      onPick={(prediction) => onChange(prediction.description)}
      onClear={() => onChange(undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
