/**
 * The common fields (text, e-mail, text area, number, currency, plain select, radio, choice buttons, switch,
 * checkbox, checkboxes, agreement) are drawn by the light controls: neither their widgets nor anything those import
 * loads antd's input code (antd, `@rjsf/antd`, antd's `rc-*` parts), so a first step made of them needs none of it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const WIDGETS = join(import.meta.dirname, '../../../packages/react/src/widgets');
const LIGHT_WIDGETS = [
  'text/TextWidget.tsx',
  'text/TextareaWidget.tsx',
  'choice/NumberWidget.tsx',
  'choice/CurrencyWidget.tsx',
  'choice/SelectWidget.tsx',
  'choice/RadioWidget.tsx',
  'choice/ChoiceButtonsWidget.tsx',
  'choice/SwitchWidget.tsx',
  'choice/AgreementWidget.tsx',
  'choice/CheckboxWidget.tsx',
];
const HEAVY = /^(antd|@rjsf\/antd|rc-|@rc-component\/)/;

/**
 * Every module `file` imports, following the project's own files, as `[importer, specifier]`; `loadedOnUse`: with
 * those it imports with `import()` (false: only what loads with it).
 */
function importsOf(file: string, loadedOnUse = true, seen = new Set<string>()): Array<[string, string]> {
  if (seen.has(file)) return [];
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  const out: Array<[string, string]> = [];
  for (const m of source.matchAll(
    /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]/g,
  )) {
    if (m[2] && !loadedOnUse) continue;
    const spec = m[1] ?? m[2];
    out.push([file, spec]);
    if (!spec.startsWith('.')) continue;
    const base = resolve(dirname(file), spec.replace(/\.js$/, ''));
    const next = ['.tsx', '.ts'].map((ext) => base + ext).find(existsSync);
    if (next) out.push(...importsOf(next, loadedOnUse, seen));
  }
  return out;
}

describe('the light widgets', () => {
  it.each(LIGHT_WIDGETS)('%s loads no antd input code', (widget) => {
    const heavy = importsOf(join(WIDGETS, widget))
      .filter(([, spec]) => HEAVY.test(spec))
      .map(([file, spec]) => `${file.slice(WIDGETS.length + 1)} → ${spec}`);
    expect(heavy).toEqual([]);
  });

  it('would see antd where a widget imports it', () => {
    const range = importsOf(join(WIDGETS, 'choice/RangeWidget.tsx')).map(([, spec]) => spec);
    expect(range).toContain('antd');
  });
});

/**
 * The templates RJSF draws around every field (light/FieldTemplate.tsx, fieldParts.tsx, the additional-property
 * wrapper, the input template): antd's form item brought antd's form, grid and tooltip code into every first screen.
 * Only an additional property (no form has one) loads antd's form item, when drawn.
 */
describe('the light field templates', () => {
  const TEMPLATES = [
    'light/FieldTemplate.tsx',
    'light/fieldParts.tsx',
    'light/WrapIfAdditionalTemplate.tsx',
    'light/BaseInputTemplate.tsx',
  ];

  it.each(TEMPLATES)('%s loads no antd code with it', (template) => {
    const heavy = importsOf(join(WIDGETS, template), false)
      .filter(([, spec]) => HEAVY.test(spec))
      .map(([file, spec]) => `${file.slice(WIDGETS.length + 1)} → ${spec}`);
    expect(heavy).toEqual([]);
  });

  it('would see antd’s form item where the additional-property wrapper loads it', () => {
    const wrapper = join(WIDGETS, 'light/WrapIfAdditionalTemplate.tsx');
    expect(importsOf(wrapper, false).map(([, spec]) => spec)).not.toContain('antd');
    expect(importsOf(wrapper).map(([, spec]) => spec)).toContain('antd');
  });

  it('are the templates of the engine’s theme', () => {
    const theme = readFileSync(join(WIDGETS, '../engine/rjsfTheme.ts'), 'utf8');
    expect(theme).not.toMatch(
      /@rjsf\/antd\/lib\/templates\/(FieldTemplate|FieldErrorTemplate|FieldDescriptionTemplate|TitleField)\//,
    );
  });
});
