/**
 * The light controls (packages/react/src/widgets/light/) draw with antd's design tokens for the engine's theme,
 * written into light.css as custom properties named after the tokens (`colorPrimary` → `--antrag-color-primary`):
 * every one of them must hold the value antd derives from `accessibleTheme`, so a change of the theme (or of antd's
 * defaults) cannot leave the light controls looking different from antd's own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { accessibleTheme } from '../../../packages/react/src/engine/theme.js';

const LIGHT = join(import.meta.dirname, '../../../packages/react/src/widgets/light');
const CSS = readFileSync(join(LIGHT, 'light.css'), 'utf8');
/** The light field template's styles (field.css), on the same custom properties. */
const FIELD_CSS = readFileSync(join(LIGHT, 'field.css'), 'utf8');

/** The custom properties of light.css's `:root` rule, by name without the `--antrag-` prefix. */
function customProperties(css: string): Map<string, string> {
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  const out = new Map<string, string>();
  for (const m of root.matchAll(/--antrag-([a-z0-9-]+)\s*:\s*([^;]+);/g)) out.set(m[1], m[2].trim());
  return out;
}

/** A CSS value and a token's value compared as written: no spaces, no quotes, lower case, numbers as px. */
function normal(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : String(value);
  return text.replace(/\s+/g, '').replace(/["']/g, '').toLowerCase().replace(/px$/, '');
}

describe('light.css', () => {
  const tokens = theme.getDesignToken(accessibleTheme) as unknown as Record<string, unknown>;
  const byLowerName = new Map(Object.entries(tokens).map(([name, value]) => [name.toLowerCase(), value]));
  const properties = customProperties(CSS);

  it('defines the tokens the controls draw with', () => {
    for (const name of ['color-primary', 'color-error', 'color-border', 'control-outline', 'border-radius']) {
      expect(properties.has(name)).toBe(true);
    }
    expect(properties.size).toBeGreaterThan(20);
  });

  it.each([...properties])('--antrag-%s holds antd’s token for the engine’s theme', (name, value) => {
    const token = name.replace(/-/g, '');
    expect(byLowerName.has(token), `no antd token named like --antrag-${name}`).toBe(true);
    expect(normal(value)).toBe(normal(byLowerName.get(token)));
  });

  it('uses only the custom properties it defines (field.css too)', () => {
    const used = new Set([...(CSS + FIELD_CSS).matchAll(/var\(--antrag-([a-z0-9-]+)\)/g)].map((m) => m[1]));
    expect([...used].filter((name) => !properties.has(name))).toEqual([]);
  });
});
