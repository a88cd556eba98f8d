/**
 * Bookings and review forms imported from the CMS get the default bounds of every typed text (issue 14): a maximum
 * length by kind (the review CMS's `inputLength` where it gives one) and the plainText rule, with no code per booking.
 */
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import { TEXT_LIMITS } from '../../../packages/core/src/compile/limits.js';
import type { CompiledForm, JsonSchema } from '../../../packages/core/src/compile/types.js';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { type CmsKind, importCms } from '../../../packages/core/src/import/index.js';
import { createFormValidator } from '../../../packages/core/src/validate/index.js';
import { fieldsOf, fixture } from './support.js';

const TYPED = ['text', 'email', 'textarea', 'universitySelect', 'programSelect', 'locationSelect'];

function imported(kind: CmsKind, name: string): { definition: FormDefinition; form: CompiledForm } {
  const { definition } = importCms(kind, fixture(name));
  if (!definition) throw new Error(`${name} does not import`);
  const { form, diagnostics } = compileForm(definition);
  if (!form) throw new Error(`${name} does not compile: ${JSON.stringify(diagnostics)}`);
  return { definition, form };
}

/** A field's schema in the whole-form schema, and its `allOf` entries (its rules). */
function schemaOf(form: CompiledForm, name: string): JsonSchema {
  return (form.schema.properties as Record<string, JsonSchema>)[name] ?? {};
}
function entriesOf(form: CompiledForm, name: string): JsonSchema[] {
  return (schemaOf(form, name).allOf ?? []) as JsonSchema[];
}

describe.each([
  ['booking-v1', 'booking-v1.full.json'],
  ['booking-v2', 'booking-v2.full.json'],
  ['review', 'review.full.json'],
] as Array<[CmsKind, string]>)('%s (%s)', (kind, name) => {
  const { definition, form } = imported(kind, name);
  const typed = fieldsOf(definition).filter((f) => TYPED.includes(f.type) || f.type === 'place');

  it('has typed texts to bound', () => {
    expect(typed.length).toBeGreaterThan(0);
  });

  it('bounds every typed text in length and characters, for the server and for the input', () => {
    for (const field of typed) {
      const schema = schemaOf(form, field.name);
      const max = [schema, ...entriesOf(form, field.name)].find((e) => typeof e.maxLength === 'number')?.maxLength;
      expect({ field: field.name, bounded: typeof max === 'number' && max <= TEXT_LIMITS.text }).toEqual({
        field: field.name,
        bounded: true,
      });
      expect(['plain-line', 'plain-text']).toContain(schema.format);
      const options = (form.uiSchema[field.name] as JsonSchema)['ui:options'] as { maxLength?: number };
      expect(options.maxLength).toBe(max);
    }
  });

  it('refuses a 921,600-character answer and one with CR/LF, naming the field', () => {
    const validator = createFormValidator(form);
    for (const field of typed.filter((f) => f.type !== 'textarea')) {
      const long = validator
        .validate({ [field.name]: 'x'.repeat(921_600) })
        .errors.filter((e) => e.field === field.name);
      expect(long.map((e) => e.messageKey)).toContain('validation.maxLength');
      const characters = (schemaOf(form, field.name).errorMessage as Record<string, string>).format;
      const injected = validator
        .validate({ [field.name]: 'Anna\r\nBcc: x@example.com' })
        .errors.filter((e) => e.field === field.name);
      expect(injected.map((e) => e.messageKey)).toContain(characters);
    }
  });
});

describe('the review CMS', () => {
  it("keeps the CMS's inputLength of a text area, and 5,000 where it gives none", () => {
    const { form } = imported('review', 'review.full.json');
    const limits = Object.fromEntries(
      Object.entries(form.uiSchema)
        .filter(
          ([, ui]) =>
            ((ui as JsonSchema)['ui:options'] as { fieldType?: string } | undefined)?.fieldType === 'textarea',
        )
        .map(([field, ui]) => [field, ((ui as JsonSchema)['ui:options'] as { maxLength?: number }).maxLength]),
    );
    expect(Object.values(limits).length).toBeGreaterThan(0);
    for (const limit of Object.values(limits)) expect(limit).toBeLessThanOrEqual(TEXT_LIMITS.text);
  });
});
