/**
 * The chunks of each lazily loaded widget and field (`@antrag/react`'s registry, `widgets/index.ts`), written beside
 * vite's manifest as `.vite/lazy-parts.json`: the server announces those of a drawn form page's first step with the
 * page (`server/shell.ts`), so the browser asks for them together with the engine instead of after it has run.
 *
 * The registry names each part's module in a literal `import('./…')` (as bundlers need); that is where the names and
 * modules are read from, so nothing here repeats the registry. `tests/unit/site/lazyPartChunks.test.ts` checks that
 * every lazy entry of the registry is found.
 */
import type { Plugin } from 'vite';

/** A lazily loaded part of the registry: the module its code is in, and whether it draws antd (not `light`). */
export interface RegistryPart {
  /** The module as the registry imports it (`./choice/RadioWidget.js`). */
  module: string;
  light: boolean;
}

export interface RegistryParts {
  widgets: Record<string, RegistryPart>;
  fields: Record<string, RegistryPart>;
}

/** The files a part needs before it draws: its chunk and every chunk it imports statically, and their styles. */
export interface PartChunks {
  js: string[];
  css: string[];
}

/** `.vite/lazy-parts.json`. */
export interface LazyPartsManifest {
  widgets: Record<string, PartChunks>;
  fields: Record<string, PartChunks>;
}

export const LAZY_PARTS_FILE = '.vite/lazy-parts.json';

/** An entry of the registry's object: a key at two spaces' indent, up to the next one. */
const KEY = /^ {2}(\w+):/gm;
const IMPORT = /lazyComponent(?:<[^>]*>)?\(\s*\(\)\s*=>\s*import\('([^']+)'\)/;

/** The object literal `export const <name> = { … }` of `source`, or '' when there is none. */
function objectOf(source: string, name: string): string {
  const start = source.indexOf(`export const ${name} = {`);
  if (start < 0) return '';
  const end = source.indexOf('\n}', start);
  return source.slice(start, end < 0 ? undefined : end + 2);
}

function partsIn(block: string): Record<string, RegistryPart> {
  const keys = [...block.matchAll(KEY)];
  const parts: Record<string, RegistryPart> = {};
  keys.forEach((key, i) => {
    const entry = block.slice(key.index, keys[i + 1]?.index ?? block.length);
    const module = IMPORT.exec(entry)?.[1];
    if (module) parts[key[1]] = { module, light: /\bLIGHT\b/.test(entry) };
  });
  return parts;
}

/** The lazily loaded widgets and fields of the registry's source (`widgets/index.ts`). */
export function registryParts(source: string): RegistryParts {
  return { widgets: partsIn(objectOf(source, 'widgets')), fields: partsIn(objectOf(source, 'lazyFields')) };
}

/** What of an output chunk this needs (rolldown's output chunk, with vite's metadata). */
interface OutputChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * `registry`: the absolute path of `widgets/index.ts`; `antdScope`: of `widgets/shared/antdScope.tsx`, which a part
 * that is not light loads beside its own code.
 */
export function lazyPartChunks(registry: string, antdScope: string): Plugin {
  /** The resolved module of each part, keyed `widgets:radio`, `fields:phone`. */
  const resolved = new Map<string, string>();
  let found: RegistryParts | undefined;
  return {
    name: 'antrag-lazy-part-chunks',
    // the registry as written (before TypeScript is stripped): its entries are read from the text
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async transform(code, id) {
      if (id !== registry) return null;
      found = registryParts(code);
      for (const kind of ['widgets', 'fields'] as const) {
        for (const [name, part] of Object.entries(found[kind])) {
          const module = await this.resolve(part.module, id);
          if (!module) this.error(`lazy part ${kind}.${name}: cannot resolve ${part.module}`);
          resolved.set(`${kind}:${name}`, module.id);
        }
      }
      return null;
    },
    generateBundle(_options, bundle) {
      if (!found) return;
      const chunks = Object.values(bundle).filter(
        (c): c is OutputChunk & (typeof bundle)[string] => c.type === 'chunk',
      );
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // the chunk a part's module is the entry of, or, where it is imported statically too, the chunk it is in
      const chunkOf = (id: string) =>
        chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
      const filesOf = (start: OutputChunk | undefined): PartChunks => {
        const js = new Set<string>();
        const css = new Set<string>();
        const visit = (chunk: OutputChunk | undefined) => {
          if (!chunk || js.has(chunk.fileName)) return;
          js.add(chunk.fileName);
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
          for (const next of chunk.imports) visit(byFile.get(next));
        };
        visit(start);
        return { js: [...js], css: [...css] };
      };
      const scope = filesOf(chunkOf(antdScope));
      const manifest: LazyPartsManifest = { widgets: {}, fields: {} };
      for (const kind of ['widgets', 'fields'] as const) {
        for (const name of Object.keys(found[kind])) {
          const id = resolved.get(`${kind}:${name}`);
          const own = filesOf(id ? chunkOf(id) : undefined);
          if (own.js.length === 0) this.error(`lazy part ${kind}.${name}: no chunk holds its module`);
          manifest[kind][name] = found[kind][name].light
            ? own
            : { js: [...new Set([...own.js, ...scope.js])], css: [...new Set([...own.css, ...scope.css])] };
        }
      }
      this.emitFile({ type: 'asset', fileName: LAZY_PARTS_FILE, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}
