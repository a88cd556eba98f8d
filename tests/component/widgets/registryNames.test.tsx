/**
 * Every widget and field name the compiler writes into a UI schema (`ui:widget`, `ui:field`, also nested: list items,
 * dialogs) is one the engine's registry draws: a misspelt name would otherwise show only in a browser, as RJSF's
 * "No widget" error. Checked over every shipped form, the CMS examples and the kitchen-sink fixture in every variant.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getWidget, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { detectCmsKind, importCms } from '../../../packages/core/src/import/index.js';
import { defaultFields, defaultWidgets } from '../../../packages/react/src/engine/registry.js';

const ROOT = join(import.meta.dirname, '../../..');
const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'] as const;

function definitions(): Array<[string, FormDefinition]> {
  const out: Array<[string, FormDefinition]> = [];
  for (const entry of readdirSync(join(ROOT, 'schemas'), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(form|cms)\.json$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const text = JSON.parse(readFileSync(file, 'utf8'));
    if (entry.name.endsWith('.form.json')) out.push([file.slice(ROOT.length + 1), text]);
    else if (entry.name.endsWith('.cms.json')) {
      const kind = detectCmsKind(text);
      const imported = kind ? importCms(kind, text) : undefined;
      if (imported?.definition) out.push([file.slice(ROOT.length + 1), imported.definition]);
    }
  }
  const sink = 'tests/fixtures/dsl/kitchen-sink.form.json';
  out.push([sink, JSON.parse(readFileSync(join(ROOT, sink), 'utf8'))]);
  return out;
}

/** Every variant of a definition: each option at each of its values (booleans both ways, enums every value). */
function variants(def: FormDefinition): CompiledForm[] {
  let combos: Array<Record<string, string | number | boolean | null>> = [{}];
  for (const [name, option] of Object.entries(def.options ?? {})) {
    const values = 'enum' in option && Array.isArray(option.enum) ? option.enum : [true, false];
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [name]: v as string | number | boolean })));
  }
  return combos.map((options) => {
    const result = compileForm(def, { options });
    if (!result.form) throw new Error(`${def.id} does not compile: ${JSON.stringify(result.diagnostics)}`);
    return result.form;
  });
}

function namesIn(node: unknown, key: 'ui:widget' | 'ui:field', into: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) namesIn(item, key, into);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === key && typeof v === 'string') into.add(v);
      else namesIn(v, key, into);
    }
  }
  return into;
}

/** Whether RJSF finds the widget for some JSON type: by the registry's own names, or its aliases (`checkbox`, …). */
function drawable(name: string): boolean {
  return JSON_TYPES.some((type) => {
    try {
      getWidget({ type } as RJSFSchema, name, defaultWidgets);
      return true;
    } catch {
      return false;
    }
  });
}

describe('the names the compiler writes into UI schemas', () => {
  const forms = definitions().flatMap(([file, def]) =>
    variants(def).map((form, i) => [`${file} #${i}`, form] as const),
  );

  it('are taken from every shipped form, the CMS examples and the kitchen sink', () => {
    const widgets = new Set<string>();
    for (const [, form] of forms) namesIn(form.uiSchema, 'ui:widget', widgets);
    expect(forms.length).toBeGreaterThan(10);
    expect(widgets.size).toBeGreaterThan(10);
  });

  it.each(forms.map(([name, form]) => [name, form]))('are all in the registry: %s', (_name, form) => {
    const widgets = [...namesIn(form.uiSchema, 'ui:widget', new Set())];
    const fields = [...namesIn(form.uiSchema, 'ui:field', new Set())];
    expect(widgets.filter((w) => !drawable(w))).toEqual([]);
    expect(fields.filter((f) => !(f in defaultFields))).toEqual([]);
  });

  it('would catch a misspelt one', () => {
    expect(drawable('countrySelectt')).toBe(false);
    expect(drawable('checkbox')).toBe(true);
  });
});
