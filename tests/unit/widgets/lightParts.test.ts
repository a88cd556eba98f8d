/**
 * The parts the widget registry marks `light` (packages/react/src/widgets/index.ts) are drawn outside antd's
 * ConfigProvider (widgets/lazy.tsx), so that a first screen of them loads no antd code: none of them may draw an
 * antd component, which would then miss the engine's theme (its accessible colours, its font) and the form's
 * language. Checked on the sources: every module a light part imports, followed through the package's own files,
 * imports nothing of antd's but types and its locale texts. A part that loads antd's control on use does so through
 * `heavyPart`/`withFieldStatus` (loadOnUse.tsx), which puts it into the provider.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticImportPath } from './staticImports.js';

const WIDGETS = join(import.meta.dirname, '../../../packages/react/src/widgets');
const INDEX = readFileSync(join(WIDGETS, 'index.ts'), 'utf8');

/** The modules of the registry's light parts: `lazyComponent(() => import('./x.js')…, undefined, LIGHT)`. */
function lightModules(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/import\('([^']+)'\)\.then\(\(m\) => m\.\w+\),\s*undefined,\s*LIGHT\b/g))
    out.push(m[1]);
  return out;
}

/** The first import of antd's runtime code reached from `file` through the package's own modules, as a path. */
function antdImport(file: string): string | undefined {
  return staticImportPath(
    file,
    (spec) => /^(antd|@rjsf\/antd)(\/|$)/.test(spec) && !spec.startsWith('antd/es/locale'),
    WIDGETS,
  );
}

describe('the light parts of the widget registry', () => {
  const modules = lightModules(INDEX);

  it('are found in the registry (the common fields of a first screen)', () => {
    for (const name of ['TextareaWidget', 'DateWidget', 'SelectWidget', 'RadioWidget', 'CountryField', 'PhoneField']) {
      expect(modules.some((path) => INDEX.includes(`${path}').then((m) => m.${name})`))).toBe(true);
    }
    expect(modules.length).toBeGreaterThan(15);
  });

  it.each(modules)('%s draws no antd component', (path) => {
    const file = ['.tsx', '.ts'].map((ext) => join(WIDGETS, path.replace(/\.js$/, ext))).find((p) => existsSync(p));
    expect(file).toBeDefined();
    expect(antdImport(file as string)).toBeUndefined();
  });

  it('a module drawing antd is caught (the check itself)', () => {
    expect(antdImport(join(WIDGETS, 'choice/RateWidget.tsx'))).toMatch(/imports antd/);
    expect(antdImport(join(WIDGETS, 'place/PlaceWidget.tsx'))).toMatch(/PlaceSearch\.tsx imports antd/);
  });
});
