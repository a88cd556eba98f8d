import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import { fromTemplate, idFromPath, jsonText, TEMPLATE_IDS } from '../../../site/web/studio/templates.js';

describe('new forms from templates', () => {
  for (const template of TEMPLATE_IDS) {
    it(`${template}: compiles without a diagnostic, naming the meta-schema given`, () => {
      const definition = fromTemplate(template, 'summer-school', '../dsl.schema.json');
      expect(definition.$schema).toBe('../dsl.schema.json');
      expect(definition.id).toBe('summer-school');
      const result = compileForm(JSON.parse(jsonText(definition)));
      expect(result.diagnostics).toEqual([]);
      expect(result.form?.steps.length).toBeGreaterThan(0);
    });
  }

  it('takes the form id from the file name', () => {
    expect(idFromPath('bookings/Summer School.form.json')).toBe('summer-school');
    expect(idFromPath('x/__.form.json')).toBe('new-form');
  });
});
