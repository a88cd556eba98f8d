import type { FieldProps } from '@rjsf/utils';
import { useState } from 'react';
import { FieldLabel } from '../shared/FieldLabel.js';
import { useWidgetQueryClient, WIDGET_QUERY_KEY } from '../shared/queryClient.js';
import { formContextOf, maybe, textsOf } from '../shared/texts.js';
import { type PlaceDetails, type PlaceShape, type PlaceValue, placeDetails, placeValueOf } from './api.js';
import { PlaceSearch, type PlaceSearchOptions } from './PlaceSearch.js';

/**
 * A place as a record `{ location, city, state, country, iso }` (`valueShape` cityState / cityStateCountry):
 * choosing a prediction asks GET /api/place-details for its state and country and fills 'city, state'
 * (cityStateCountry adds the country) as the shown `location`. A failed details call is only logged; the
 * record is then filled from the prediction's own text.
 */
export function PlaceField(props: FieldProps<PlaceValue | undefined>) {
  const { fieldPathId, formData, onChange, onBlur, onFocus, disabled, readonly, rawErrors, registry, uiSchema } = props;
  const id = fieldPathId.$id;
  const options = (uiSchema?.['ui:options'] ?? {}) as PlaceSearchOptions & { valueShape?: PlaceShape };
  const shape = options.valueShape === 'cityStateCountry' ? 'cityStateCountry' : 'cityState';
  const { t, locale } = textsOf(registry);
  const { apiBase } = formContextOf(registry);
  const client = useWidgetQueryClient();
  const [resolving, setResolving] = useState(false);
  const label = maybe(t, uiSchema?.['ui:title']) ?? props.schema.title ?? props.name;

  return (
    <div>
      <FieldLabel htmlFor={id} required={props.required}>
        {label}
      </FieldLabel>
      <PlaceSearch
        id={id}
        current={formData?.location || undefined}
        options={options}
        registry={registry}
        placeholder={maybe(t, uiSchema?.['ui:placeholder'])}
        disabled={disabled || readonly}
        required={props.required}
        rawErrors={rawErrors}
        resolving={resolving}
        onPick={async (prediction) => {
          setResolving(true);
          let details: PlaceDetails | undefined;
          try {
            details = await client.fetchQuery({
              queryKey: [WIDGET_QUERY_KEY, 'placeDetails', prediction.place_id, locale],
              queryFn: ({ signal }) => placeDetails(prediction.place_id, { language: locale, apiBase, signal }),
              staleTime: Number.POSITIVE_INFINITY,
              retry: false,
            });
          } catch (error) {
            console.warn('place details failed; filling the place from the prediction', error);
          } finally {
            setResolving(false);
          }
          onChange(placeValueOf(prediction, details, shape), fieldPathId.path);
        }}
        onClear={() => onChange(undefined, fieldPathId.path)}
        onBlur={() => onBlur(id, formData)}
        onFocus={() => onFocus(id, formData)}
      />
    </div>
  );
}
