import type { JsonValue } from '../../dsl/types.js';
import { optionList } from './choices.js';
import type { FieldCompiler } from './types.js';

/** A university, a study programme or a location, searched as typed; a typed answer is kept by default. */
export const lookupSelect: FieldCompiler<'universitySelect' | 'programSelect' | 'locationSelect'> = {
  compile: (field, b) => {
    const options = field.options ? (optionList(field.options, b) as JsonValue) : undefined;
    if (field.dependsOn) b.dependOn(field.dependsOn, 'dependsOn', `${b.pointer}/dependsOn`);
    return {
      schema: { type: 'string' },
      whenRequired: b.nonEmptyText,
      widget: field.type,
      options: { options, dependsOn: field.dependsOn, allowCustom: field.allowCustom ?? true },
      typedText: 'line',
    };
  },
};
