/**
 * `antrag studio`: the studio is the optional package `@antrag/studio` (a web server and a browser bundle), so
 * installing the CLI pulls neither. This module lends it the command's file access, names and typegen.
 */
import type { CompiledForm } from '@antrag/core/compile/types';
import { nodeFiles } from './load.js';
import { DSL_SCHEMA_FILE, displayPath } from './paths.js';
import type { Io } from './report.js';

export const STUDIO_MISSING =
  'the studio is the optional package @antrag/studio: npm install --save-dev @antrag/studio\n';

export interface StudioFlags {
  port: number;
  webRoot?: string;
  studioRoot?: string;
  build: boolean;
}

/** Exit code: the studio's, or 2 when `@antrag/studio` is not installed. */
export async function startStudio(folder: string, flags: StudioFlags, io: Io): Promise<number> {
  let studio: typeof import('@antrag/studio/run');
  try {
    studio = await import('@antrag/studio/run');
  } catch (e) {
    const missing = (e as { code?: string }).code === 'ERR_MODULE_NOT_FOUND';
    if (!missing || !String((e as Error).message).includes('@antrag/studio')) throw e;
    io.stderr(`antrag studio: ${STUDIO_MISSING}`);
    return 2;
  }
  return studio.runStudio(folder, flags, io, studioHost);
}

/** What the command lends the studio (`StudioHost` of `@antrag/studio`). */
export const studioHost = {
  files: nodeFiles,
  display: displayPath,
  dslSchemaFile: DSL_SCHEMA_FILE,
  async typegen(form: CompiledForm, file: string): Promise<{ typeName: string; types: string }> {
    const { formTypes, typeName } = await import('./typegen.js');
    return { typeName: typeName(form.id), types: await formTypes(form, displayPath(file)) };
  },
};
