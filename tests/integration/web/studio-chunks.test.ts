/**
 * The studio changes nothing applicants load (issue 18): the site's web app is built as `npm run build` builds it
 * (site/vite.config.ts, in memory), and no chunk a form or content page loads — the entry, the form and content
 * routes and everything they import, statically or lazily — holds a module of `site/web/studio/`. The studio's
 * route is a lazy chunk of its own, and its bundle a build apart (site/web/studio/vite.config.ts).
 */
import { resolve } from 'node:path';
import type { Rollup } from 'vite';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const STUDIO = resolve(ROOT, 'site/web/studio');

describe("the site's chunks", () => {
  it('hold no studio module in what a form or content page loads', { timeout: 240_000 }, async () => {
    const result = await build({
      configFile: resolve(ROOT, 'site/vite.config.ts'),
      logLevel: 'silent',
      build: { write: false, outDir: resolve(ROOT, 'dist/site-studio-chunks-test') },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
    const chunks = new Map<string, Rollup.OutputChunk>();
    for (const out of outputs)
      for (const item of out.output) if (item.type === 'chunk') chunks.set(item.fileName, item);
    // the chunk a module is the entry of, or (a module other chunks import statically too, as the form page is by the
    // drawn page's hydration) the chunk holding it
    const byFacade = (suffix: string) =>
      [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(suffix)) ??
      [...chunks.values()].find((c) => c.moduleIds.some((id) => id.endsWith(suffix))) ??
      (() => {
        throw new Error(`no chunk for ${suffix}`);
      })();

    /** The chunk and every chunk it imports; lazily imported ones too, but not the studio's own route. */
    const reach = (start: Rollup.OutputChunk, seen = new Set<string>()) => {
      if (seen.has(start.fileName)) return seen;
      seen.add(start.fileName);
      for (const next of [...start.imports, ...start.dynamicImports]) {
        const chunk = chunks.get(next);
        if (chunk && !chunk.facadeModuleId?.startsWith(STUDIO)) reach(chunk, seen);
      }
      return seen;
    };
    const studioRoute = byFacade('studio/StudioPage.tsx');
    const applicants = new Set([
      ...reach(byFacade('forms/FormPage.tsx')),
      ...reach(byFacade('forms/hydrate.tsx')),
      ...reach(byFacade('content/ContentSite.tsx')),
      ...reach(byFacade('web/index.html')),
    ]);
    // the walk reaches the engine, so a studio module there would be found
    expect([...applicants].some((f) => chunks.get(f)?.moduleIds.some((id) => id.includes('FormRunner')))).toBe(true);
    expect(applicants.has(studioRoute.fileName)).toBe(false);
    const studioModules = [...applicants].flatMap((file) =>
      (chunks.get(file)?.moduleIds ?? []).filter((id) => id.startsWith(`${STUDIO}/`)).map((id) => `${file}: ${id}`),
    );
    expect(studioModules).toEqual([]);
    // the studio's route holds its own modules (the sign-in page among them), not the editor's
    expect(studioRoute.moduleIds.some((id) => id.endsWith('studio/SignIn.tsx'))).toBe(true);
    expect(studioRoute.moduleIds.some((id) => id.endsWith('studio/Studio.tsx'))).toBe(false);
  });
});
