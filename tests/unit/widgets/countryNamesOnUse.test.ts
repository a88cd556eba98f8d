/**
 * The country names (i18n/countryNames.ts with i18n-iso-countries, about 10 KB gzip) load when a country or
 * calling-code field needs them (issue 19), never with a form's first screen: no module the country and phone
 * fields draw their first screen with imports them but as a type or by `import()`, followed through the package's
 * own modules. Checked on the sources (the component tests check what loads when: countryNamesOnUse.test.tsx).
 */
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticImportPath } from './staticImports.js';

const SRC = join(import.meta.dirname, '../../../packages/react/src');
const NAMES = join(SRC, 'i18n/countryNames.ts');

/** The chain of static imports from `file` to the names' module, or undefined when there is none. */
function staticPathToNames(file: string): string | undefined {
  return staticImportPath(file, (spec, from) => resolve(dirname(from), spec).replace(/\.js$/, '.ts') === NAMES, SRC);
}

describe('country names on a first screen', () => {
  it.each([
    'widgets/country/CountryWidget.tsx',
    'widgets/country/CountryField.tsx',
    'widgets/phone/PhoneField.tsx',
    'engine/locale.ts',
  ])('%s imports none of them', (file) => {
    expect(staticPathToNames(join(SRC, file))).toBeUndefined();
  });

  it('the lists drawn on use do (the check finds an import)', () => {
    expect(staticPathToNames(join(SRC, 'widgets/country/CountrySelect.tsx'))).toContain(
      'imports ../../i18n/countryNames.js',
    );
  });
});
