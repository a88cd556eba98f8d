/**
 * The engine's chrome is what every first screen draws: its code must load no antd component and no
 * `@ant-design/icons` (the icons come as `@ant-design/icons-svg` definitions), and its stylesheet draws only with the
 * tokens light.css defines (lightTokens.test.ts checks those against antd's).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../../packages/react/src');
const CHROME = join(SRC, 'engine/chrome');

/** The chrome's files and the engine and widget files on every first screen that now draw with it. */
const FIRST_SCREEN = [
  ...readdirSync(CHROME)
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => `engine/chrome/${f}`),
  'engine/Wizard.tsx',
  'engine/WizardButtons.tsx',
  'engine/VersionNotice.tsx',
  'engine/versionSwitch.tsx',
  'engine/ErrorBoundary.tsx',
  'engine/registry.tsx',
  'engine/Loading.tsx',
  'widgets/light/Icon.tsx',
  'widgets/light/FeedbackIcon.tsx',
  'widgets/light/NativeSelect.tsx',
  'widgets/shared/SelectStandIn.tsx',
  'widgets/shared/loadOnUse.tsx',
];

/** The packages a source imports statically (what loads with it; `import()` loads on use). */
function importedPackages(text: string): string[] {
  const found = [
    ...text.matchAll(
      /^\s*(?:import|export)\s[^'"]*?from\s*['"]([^'".][^'"]*)['"]|^\s*import\s*['"]([^'".][^'"]*)['"]/gm,
    ),
  ].map((m) => m[1] ?? m[2]);
  return found.map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]));
}

describe('the engine’s chrome', () => {
  it('has its parts', () => {
    expect(FIRST_SCREEN).toEqual(
      expect.arrayContaining(['engine/chrome/Button.tsx', 'engine/chrome/Alert.tsx', 'engine/chrome/Spinner.tsx']),
    );
  });

  it.each(FIRST_SCREEN)('%s imports no antd and no @ant-design/icons (statically)', (file) => {
    const packages = importedPackages(readFileSync(join(SRC, file), 'utf8'));
    expect(packages.filter((p) => p === 'antd' || p === '@ant-design/icons' || p.startsWith('@rjsf/antd'))).toEqual([]);
  });

  it('its stylesheets use only the custom properties light.css defines', () => {
    const light = readFileSync(join(SRC, 'widgets/light/light.css'), 'utf8');
    const root = /:root\s*\{([^}]*)\}/.exec(light)?.[1] ?? '';
    const defined = new Set([...root.matchAll(/--antrag-([a-z0-9-]+)\s*:/g)].map((m) => m[1]));
    const css =
      readFileSync(join(CHROME, 'chrome.css'), 'utf8') + readFileSync(join(SRC, 'widgets/light/icon.css'), 'utf8');
    const used = new Set([...css.matchAll(/var\(--antrag-([a-z0-9-]+)\)/g)].map((m) => m[1]));
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
    // and the page's stylesheet links them, so a page drawn on the server has them before any script
    const styles = readFileSync(join(SRC, 'styles.css'), 'utf8');
    expect(styles).toContain('./engine/chrome/chrome.css');
    expect(styles).toContain('./widgets/light/icon.css');
  });
});
