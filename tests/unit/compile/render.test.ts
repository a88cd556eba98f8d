import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { JsonSchema } from '../../../packages/core/src/compile/types.js';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { renderSchemaFor } from '../../../packages/react/src/engine/renderSchema.js';

const definition = JSON.parse(
  readFileSync('schemas/health-insurance/health-insurance-booking.form.json', 'utf8'),
) as FormDefinition;
const form = compileForm(definition).form!;
const propertyOf = (schema: JsonSchema, name: string) => (schema.properties as Record<string, JsonSchema>)[name];

describe('renderSchemaFor', () => {
  it("puts a select field's choices on the field schema, where RJSF checks a picked value against them", () => {
    const step = form.stepSchemas[0];
    expect(propertyOf(step, 'profession').enum).toBeUndefined();
    const render = renderSchemaFor(form, 0);
    expect(propertyOf(render, 'profession').enum).toEqual(['Student', 'Vocational Trainee']);
    expect(propertyOf(render, 'title').enum).toEqual(['Mr.', 'Ms.', 'Mx.']);
    // moved, not copied (RJSF would merge two enums into a sorted list, out of step with the labels)
    expect(JSON.stringify(propertyOf(render, 'profession').allOf)).not.toContain('enum');
    expect(propertyOf(render, 'profession').allOf).toEqual(
      (propertyOf(step, 'profession').allOf as JsonSchema[]).filter((e) => !('enum' in e)),
    );
    expect(propertyOf(render, 'firstName')).toEqual(propertyOf(step, 'firstName'));
  });

  it('does the same inside conditional branches, and leaves the step schema itself alone', () => {
    const index = form.steps.findIndex((s) => s.id === 'employment-or-university');
    const before = JSON.stringify(form.stepSchemas[index]);
    const found: JsonSchema[] = [];
    JSON.stringify(renderSchemaFor(form, index), (key, value) => {
      if (key === 'startSemester' && value && typeof value === 'object' && 'title' in value) found.push(value);
      return value;
    });
    expect(found.length).toBeGreaterThan(0);
    for (const schema of found) expect(schema.enum).toEqual(['summer', 'winter']);
    expect(JSON.stringify(form.stepSchemas[index])).toBe(before);
  });
});
