/**
 * The build's record of each lazy part's chunks (`site/vite/lazyPartChunks.ts`) reads the parts from the registry's
 * source (`packages/react/src/widgets/index.ts`), where each names its module in a literal `import()`: every lazy
 * widget and field must be found there, with the module and the `light` mark the registry gives it, or a drawn form
 * page would not announce its code and the browser would ask for it in a second round.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registryParts } from '../../../site/vite/lazyPartChunks.js';

const INDEX = readFileSync(join(import.meta.dirname, '../../../packages/react/src/widgets/index.ts'), 'utf8');

/** The keys of `export const <name> = { … }` whose value is a `lazyComponent(…)`, by the registry's own text. */
function lazyKeys(name: string): string[] {
  const block = INDEX.slice(
    INDEX.indexOf(`export const ${name} = {`),
    INDEX.indexOf('\n}', INDEX.indexOf(`export const ${name} = {`)),
  );
  return [...block.matchAll(/^ {2}(\w+): lazyComponent/gm)].map((m) => m[1]);
}

describe('registryParts', () => {
  const parts = registryParts(INDEX);

  it('finds every lazy widget and field of the registry', () => {
    expect(Object.keys(parts.widgets).sort()).toEqual(lazyKeys('widgets').sort());
    expect(Object.keys(parts.fields).sort()).toEqual(lazyKeys('lazyFields').sort());
    // the registry's drawn-at-once widgets are not lazy parts
    expect(parts.widgets.text).toBeUndefined();
    expect(Object.keys(parts.widgets).length).toBeGreaterThan(15);
  });

  it('keeps each part’s module and light mark apart, even where a widget and a field share a name', () => {
    expect(parts.widgets.country).toEqual({ module: './country/CountryWidget.js', light: true });
    expect(parts.fields.country).toEqual({ module: './country/CountryField.js', light: true });
    expect(parts.widgets.radio).toEqual({ module: './choice/RadioWidget.js', light: true });
    expect(parts.widgets.rate).toEqual({ module: './choice/RateWidget.js', light: false });
    expect(parts.fields.payers).toEqual({ module: './payers/PayersField.js', light: false });
  });

  it('reads entries written on one line or over several', () => {
    const source = [
      'export const widgets = {',
      "  a: lazyComponent<WidgetProps>(() => import('./a.js').then((m) => m.A)),",
      '  b: lazyComponent<WidgetProps>(',
      "    () => import('./b.js').then((m) => m.B),",
      '    undefined,',
      '    LIGHT,',
      '  ),',
      '  text: TextWidget,',
      '} satisfies RegistryWidgetsType;',
      'export const lazyFields = {',
      "  c: lazyComponent(() => import('./c.js').then((m) => m.C), undefined, LIGHT),",
      '} satisfies Record<string, LazyComponent<FieldProps>>;',
    ].join('\n');
    expect(registryParts(source)).toEqual({
      widgets: { a: { module: './a.js', light: false }, b: { module: './b.js', light: true } },
      fields: { c: { module: './c.js', light: true } },
    });
  });
});
