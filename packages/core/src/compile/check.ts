import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import metaSchema from '../dsl/dsl.schema.json' with { type: 'json' };
import { precompiledDslValidator } from './dslValidator.js';
import type { Diagnostic } from './types.js';

let validateDsl: ValidateFunction | undefined = precompiledDslValidator;

function validator(): ValidateFunction {
  if (!validateDsl) {
    // the same options as scripts/precompile-meta.mjs
    const ajv = new Ajv({ allErrors: true, strict: false });
    ajvFormats.default(ajv);
    validateDsl = ajv.compile(metaSchema);
  }
  return validateDsl;
}

/** One readable sentence for an ajv error of the meta-schema. */
export function describeError(e: ErrorObject): string {
  switch (e.keyword) {
    case 'additionalProperties':
      return `unknown property '${(e.params as { additionalProperty: string }).additionalProperty}'`;
    case 'required':
      return `missing required property '${(e.params as { missingProperty: string }).missingProperty}'`;
    case 'enum':
      return `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
    case 'type':
      return `must be of type ${(e.params as { type: string }).type}`;
    case 'pattern':
      return `must match the pattern ${(e.params as { pattern: string }).pattern}`;
    case 'oneOf': {
      const passing = (e.params as { passingSchemas?: number[] | null }).passingSchemas;
      return passing
        ? `matches more than one allowed shape (${passing.length}); give only one of them`
        : 'matches none of the allowed shapes';
    }
    case 'anyOf':
      return 'matches none of the allowed shapes';
    default:
      return e.message ?? `fails ${e.keyword}`;
  }
}

/** An error of the `{ "$ref": … }` alternative that fields, sections and steps allow (see `sharedRef`). */
export function isSharedPartError(e: ErrorObject): boolean {
  return (
    (e.keyword === 'required' && (e.params as { missingProperty?: string }).missingProperty === '$ref') ||
    (e.keyword === 'anyOf' && /\/items\/anyOf$/.test(e.schemaPath))
  );
}

/**
 * Checks a definition against `schemas/dsl.schema.json`. Of the errors at one place only the most
 * telling are kept: a wrong shape deep inside is reported there, not as a failed `oneOf` above it.
 */
export function checkDefinitionShape(definition: unknown): Diagnostic[] {
  const validate = validator();
  if (validate(definition)) return [];
  // A pattern that is no regular expression is reported by the compiler, with the parser's reason.
  // `$ref` parts are resolved before compiling (the meta-schema allows them for editors): an unresolved
  // one is reported by the field / section / step branch it fails, not by the shared-part branch.
  const errors = (validate.errors ?? []).filter(
    (e) =>
      e.keyword !== 'if' &&
      e.keyword !== 'allOf' &&
      !isSharedPartError(e) &&
      !(e.keyword === 'format' && (e.params as { format?: string }).format === 'regex'),
  );
  const deepest = new Set<string>();
  const specific = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
  for (const e of specific) deepest.add(e.instancePath);
  const kept = errors.filter(
    (e) =>
      (e.keyword !== 'oneOf' && e.keyword !== 'anyOf') ||
      ![...deepest].some((p) => p === e.instancePath || p.startsWith(`${e.instancePath}/`)),
  );
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const e of kept) {
    const message = describeError(e);
    const id = `${e.instancePath}\u0000${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ severity: 'error', code: 'dsl-shape', message, pointer: e.instancePath });
  }
  return out;
}
