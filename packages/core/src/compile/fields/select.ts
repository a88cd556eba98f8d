import type { JsonValue } from '../../dsl/types.js';
import { optionList, sortedCopy } from './choices.js';
import type { FieldCompiler } from './types.js';

const WIDGET_OF_DISPLAY = {
  dropdown: 'select',
  radio: 'radio',
  slider: 'choiceSlider',
  searchable: 'searchSelect',
  buttons: 'choiceButtons',
};

export const select: FieldCompiler<'select'> = {
  compile: (field, b) => {
    const list = optionList(field.options, b);
    const ordered = list && field.sortAlphabetically ? sortedCopy(list, b.ctx.texts) : list;
    const all = (t: string) => !!list && list.length > 0 && list.every((o) => typeof o.value === t);
    const numeric = field.valueType === 'number' || (field.valueType === undefined && all('number'));
    const boolean = field.valueType === undefined && all('boolean');
    const type = numeric ? 'number' : boolean ? 'boolean' : 'string';
    // a choice whose answer may be typed is bounded as a typed line
    const freeText = type === 'string' && (!ordered || !!field.allowCustom);
    const display = field.display ?? 'dropdown';
    return {
      schema: { type },
      // several options may give one value (the countries sharing a calling code)
      checks:
        ordered && !field.allowCustom
          ? [{ enum: [...new Set(ordered.map((o) => o.value))], errorMessage: 'validation.option' }]
          : [],
      whenRequired: numeric || boolean ? undefined : b.nonEmptyText,
      widget: WIDGET_OF_DISPLAY[display],
      options: {
        display,
        options: ordered as JsonValue,
        optionSource: Array.isArray(field.options) ? undefined : (field.options as JsonValue),
        allowCustom: field.allowCustom,
      },
      typedText: freeText ? 'line' : undefined,
    };
  },
};
