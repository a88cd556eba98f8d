/**
 * One read document to a compiled form: tell DSL from CMS by its shape, import a CMS definition, compile, and
 * locate every diagnostic in the file it is about. Pure: `forms.ts` feeds it files from disk, the studio the
 * buffer being edited, so both report the same diagnostics at the same places.
 */
import { compileForm } from '../compile/index.js';
import { patternDiagnostics, type RegexChecker } from '../compile/patternSafety.js';
import { checkPublishLimits, fieldsOf, patternSitesOf } from '../compile/publishLimits.js';
import type { CompiledForm, Diagnostic } from '../compile/types.js';
import type { FormDefinition, JsonPrimitive } from '../dsl/types.js';
import { type CmsKind, cmsPlaceOf, type ImportResult, importCms } from '../import/index.js';
import { escapeSegment } from '../json/pointer.js';
import { classify, type DocumentKind } from './classify.js';
import type { LoadedDocument, LocatedDiagnostic } from './document.js';
import { byPosition } from './lines.js';

export type FormOptions = Record<string, JsonPrimitive>;

/** Per input file: what it is and how it went. */
export interface FileReport {
  file: string;
  kind: string | null;
  /** The form id, when the file could be read as a form. */
  form?: string;
  valid: boolean;
  errors: number;
  warnings: number;
}

/** A diagnostic of the compiler about a definition imported from a CMS document. */
export interface SourceDiagnostic extends LocatedDiagnostic {
  /** Pointer into the imported DSL definition (the CMS file has no such place). */
  definitionPointer?: string;
}

export interface FormSource {
  /** Absolute path. */
  file: string;
  kind: DocumentKind | null;
  document: LoadedDocument;
  /** The DSL definition: the file itself, or what the CMS document imported to. */
  definition?: FormDefinition;
  /** Absent when any diagnostic is an error. */
  form?: CompiledForm;
  diagnostics: SourceDiagnostic[];
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** A diagnostic at its place: the token at fault (an unknown property's key, a bad value), with where it ends. */
function located(doc: LoadedDocument, d: Diagnostic): SourceDiagnostic {
  const { place, ...rest } = d;
  const at = place ? doc.locate(`${d.pointer}/${escapeSegment(place.property)}`, place.part) : doc.locate(d.pointer);
  return {
    ...rest,
    file: at.file,
    line: at.line,
    column: at.column,
    endLine: at.endLine,
    endColumn: at.endColumn,
    pointer: at.pointer,
    ...(at.via.length ? { via: at.via } : {}),
  };
}

function compileSafely(definition: unknown, options: FormOptions): ReturnType<typeof compileForm> {
  try {
    return compileForm(definition, { options });
  } catch (e) {
    return {
      diagnostics: [
        {
          severity: 'error',
          code: 'compiler-failure',
          message: `the compiler failed on this document: ${(e as Error).message}`,
          pointer: '',
        },
      ],
    };
  }
}

function importSafely(kind: CmsKind, doc: unknown): ImportResult {
  try {
    return importCms(kind, doc);
  } catch (e) {
    const message = `the ${kind} importer failed on this document: ${(e as Error).message}`;
    return { diagnostics: [{ severity: 'error', code: 'importer-failure', message, pointer: '' }] };
  }
}

const UNKNOWN_SHAPE =
  'not a form: expected a DSL definition (an object with "id" and "steps", or "$schema" naming dsl.schema.json) ' +
  'or a CMS definition (booking v1: an array of items with customerData or orderData; booking v2: an object with ' +
  'flatData.steps; review: an object with action and steps made of groups)';

/** What `formFromDocument` checks besides the compiler's own checks. */
export interface SourceChecks {
  /**
   * Checks a pattern for catastrophic backtracking (recheck: the server and the CLI pass it, since it needs Node);
   * without it patterns are not checked for it.
   */
  checkPattern?: RegexChecker;
}

/**
 * Imports (for CMS documents) and compiles one read document. The publish limits (`checkPublishLimits`) are checked
 * first: a form past them is not compiled. Never throws for problems of the input.
 */
export function formFromDocument(
  document: LoadedDocument,
  options: FormOptions = {},
  checks: SourceChecks = {},
): FormSource {
  const source = readForm(document, options, checks);
  source.diagnostics = byPosition(source.diagnostics);
  return source;
}

function readForm(document: LoadedDocument, options: FormOptions, checks: SourceChecks): FormSource {
  const source: FormSource = { file: document.file, kind: null, document, diagnostics: [...document.diagnostics] };
  if (document.value === undefined) return source;
  const kind = classify(document.value, document.file);
  // A DSL definition with a `$ref` that could not be resolved is still checked (the compiler leaves the `$ref`
  // out), so the errors elsewhere, in shared files too, come in the same run; an importer needs the whole document.
  if (hasErrors(document.diagnostics) && kind !== 'dsl') return source;

  source.kind = kind;
  if (source.kind === null) {
    source.diagnostics.push(
      located(document, { severity: 'error', code: 'unknown-document', message: UNKNOWN_SHAPE, pointer: '' }),
    );
    return source;
  }
  if (source.kind === 'dsl') readDsl(source, document, options, checks);
  else readCms(source, source.kind, document, options, checks);
  return source;
}

function readDsl(source: FormSource, document: LoadedDocument, options: FormOptions, checks: SourceChecks): void {
  source.definition = document.value as FormDefinition;
  const limits = checkPublishLimits(document.value);
  source.diagnostics.push(...limits.map((d) => located(document, d)));
  if (hasErrors(limits)) return;
  const result = compileSafely(document.value, options);
  source.diagnostics.push(...result.diagnostics.map((d) => located(document, d)));
  if (checks.checkPattern) {
    const sites = patternSitesOf(fieldsOf(document.value));
    source.diagnostics.push(...patternDiagnostics(sites, checks.checkPattern).map((d) => located(document, d)));
  }
  // the core keeps a form despite unknown field types; for the CLI any error makes the file invalid
  source.form = hasErrors(source.diagnostics) ? undefined : result.form;
}

function readCms(
  source: FormSource,
  kind: CmsKind,
  document: LoadedDocument,
  options: FormOptions,
  checks: SourceChecks,
): void {
  const imported = importSafely(kind, document.value);
  source.diagnostics.push(...imported.diagnostics.map((d) => located(document, d)));
  if (!imported.definition) return;
  source.definition = imported.definition;
  const root = document.locate('');
  // The imported DSL has no place in the CMS document: its diagnostics are reported at the document's root.
  const atRoot = (d: Diagnostic): SourceDiagnostic => ({
    ...d,
    file: root.file,
    line: root.line,
    column: root.column,
    pointer: '',
    message: `in the imported definition at ${d.pointer || '/'}: ${d.message}`,
    definitionPointer: d.pointer || '/',
  });
  const limits = checkPublishLimits(imported.definition);
  source.diagnostics.push(...limits.map(atRoot));
  if (hasErrors(limits)) return;
  const result = compileSafely(imported.definition, options);
  source.form = result.form;
  source.diagnostics.push(...result.diagnostics.map(atRoot));
  if (checks.checkPattern) {
    const sites = patternSitesOf(fieldsOf(imported.definition));
    for (const d of patternDiagnostics(sites, checks.checkPattern)) {
      // a pattern comes from the document's `validationRegex`: reported there
      const place = cmsPlaceOf(sites.find((s) => s.pointer === d.pointer)?.rule ?? {});
      source.diagnostics.push(place === undefined ? atRoot(d) : located(document, { ...d, pointer: place }));
    }
  }
  if (hasErrors(source.diagnostics)) source.form = undefined;
}

export function fileReport(source: FormSource, diagnostics: readonly Diagnostic[] = source.diagnostics): FileReport {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const definition = source.definition as { id?: unknown } | undefined;
  return {
    file: source.file,
    kind: source.kind,
    ...(typeof definition?.id === 'string' ? { form: definition.id } : {}),
    valid: errors === 0,
    errors,
    warnings: diagnostics.length - errors,
  };
}

/** Folder or file name of a form's artefacts: the id, plus the chosen options when some were given. */
export function artefactName(formId: string, options: FormOptions): string {
  const keys = Object.keys(options).sort();
  if (keys.length === 0) return formId;
  const part = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${formId}--${keys.map((k) => `${part(k)}-${part(String(options[k]))}`).join('--')}`;
}
