import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import metaSchema from '../dsl/dsl.schema.json' with { type: 'json' };
import { FIELD_TYPES, type FormDefinition } from '../dsl/types.js';
import { precompiledDslValidator } from './dslValidator.js';
import { closest } from './suggest.js';
import type { Diagnostic } from './types.js';

let validateDsl: ValidateFunction | undefined = precompiledDslValidator;

function validator(): ValidateFunction {
  if (!validateDsl) {
    // the same options as scripts/precompile-meta.mjs; verbose: errors carry their schema, so an unknown property
    // can be matched against the known ones
    const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
    ajvFormats.default(ajv);
    validateDsl = ajv.compile(metaSchema);
  }
  return validateDsl;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function escapeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `did you mean 'x'?` when `word` is a likely typo of one of `candidates`. */
function didYouMean(word: unknown, candidates: readonly unknown[]): string | undefined {
  if (typeof word !== 'string') return undefined;
  const best = closest(
    word,
    candidates.filter((c): c is string => typeof c === 'string'),
  );
  return best === undefined ? undefined : `did you mean '${best}'?`;
}

/** A suggestion for an ajv error of the meta-schema: the known name closest to a misspelt one. */
export function describeHint(e: ErrorObject): string | undefined {
  if (e.keyword === 'additionalProperties') {
    const known = isObject(e.parentSchema) && isObject(e.parentSchema.properties) ? e.parentSchema.properties : {};
    return didYouMean((e.params as { additionalProperty: string }).additionalProperty, Object.keys(known));
  }
  if (e.keyword === 'enum') return didYouMean(e.data, (e.params as { allowedValues: unknown[] }).allowedValues);
  return undefined;
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
    case 'not': {
      // the meta-schema's one `not`: names every object already has (`__proto__`, `constructor`, `prototype`)
      const not = isObject(e.schema) ? e.schema : {};
      const taken = Array.isArray(not.enum) ? not.enum.map((v) => JSON.stringify(v)).join(', ') : '';
      return taken ? `must not be ${taken}: every object already has these` : 'is not allowed here';
    }
    default:
      return e.message ?? `fails ${e.keyword}`;
  }
}

/** The stable rule name of a meta-schema error (see `Diagnostic.rule`). */
function shapeRule(e: ErrorObject): string {
  switch (e.keyword) {
    case 'additionalProperties':
      return 'unknown-property';
    case 'required':
      return 'missing-property';
    case 'type':
      return 'wrong-type';
    case 'oneOf':
    case 'anyOf':
      return 'invalid-shape';
    default:
      return 'invalid-value';
  }
}

/** An error of the `{ "$ref": … }` alternative that fields, sections and steps allow (see `sharedRef`). */
export function isSharedPartError(e: ErrorObject): boolean {
  return (
    (e.keyword === 'required' && (e.params as { missingProperty?: string }).missingProperty === '$ref') ||
    (e.keyword === 'anyOf' && /\/items\/anyOf$/.test(e.schemaPath))
  );
}

/** A meta-schema error worth reporting, and the pointer of the value it is about. */
interface ShapeError {
  diagnostic: Diagnostic;
  /** What to leave out so the rest can be checked: the unknown property itself, else the value at fault. */
  target: string;
}

/**
 * The meta-schema errors of a definition. Of the errors at one place only the most telling are kept: a wrong
 * shape deep inside is reported there, not as a failed `oneOf` above it.
 */
function shapeErrors(definition: unknown): ShapeError[] {
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
  const out: ShapeError[] = [];
  for (const e of kept) {
    const message = describeError(e);
    const id = `${e.instancePath}\u0000${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const property =
      e.keyword === 'additionalProperties' ? (e.params as { additionalProperty: string }).additionalProperty : '';
    const hint = describeHint(e);
    out.push({
      diagnostic: {
        severity: 'error',
        code: 'dsl-shape',
        rule: shapeRule(e),
        message,
        ...(hint ? { hint } : {}),
        pointer: e.instancePath,
        ...(property ? { place: { property, part: 'key' as const } } : {}),
      },
      target: property ? `${e.instancePath}/${escapeSegment(property)}` : e.instancePath,
    });
  }
  return out;
}

/** Checks a definition against `schemas/dsl.schema.json`. */
export function checkDefinitionShape(definition: unknown): Diagnostic[] {
  return shapeErrors(definition).map((e) => e.diagnostic);
}

/** What `checkDefinition` found, and the part of the definition that can still be compiled. */
export interface DefinitionCheck {
  /** Unknown field types and meta-schema errors, each reported once, at the author's place. */
  diagnostics: Diagnostic[];
  /**
   * The definition without the parts that broke the meta-schema (a field of unknown type, an unknown property, a
   * field or step that cannot be read), valid against the meta-schema; absent when the rest cannot be compiled.
   */
  definition?: FormDefinition;
  /** Names of the fields left out, so that conditions on them are not reported as naming no field. */
  leftOut: Set<string>;
  /** A pointer into `definition`, turned back into one into the checked document. */
  originalPointer(pointer: string): string;
}

// Stand-ins for required top-level values that are broken: they only let the rest be checked (the
// definition has errors, so nothing compiled from it is kept).
const STAND_INS: Record<string, unknown> = { id: 'form', title: 'form', version: 1 };
const ROUNDS = 5;

/** The smallest part around `pointer` that can be left out as a whole: a field, a section, a step, a top-level key. */
function enclosingPart(pointer: string): string {
  const field = /^\/steps\/\d+\/(?:sections\/\d+\/)?fields\/\d+(?:\/itemFields\/\d+)*/.exec(pointer);
  if (field) return field[0];
  const part =
    /^\/steps\/\d+\/sections\/\d+/.exec(pointer) ?? /^\/steps\/\d+/.exec(pointer) ?? /^\/[^/]+/.exec(pointer);
  return part ? part[0] : '';
}

/** The fields arrays of a definition (steps, sections, payers' item fields), with their pointers. */
function fieldLists(def: Record<string, unknown>): Array<{ fields: unknown[]; pointer: string }> {
  const out: Array<{ fields: unknown[]; pointer: string }> = [];
  const add = (fields: unknown, pointer: string) => {
    if (!Array.isArray(fields)) return;
    out.push({ fields, pointer });
    fields.forEach((f, i) => {
      if (isObject(f) && f.type === 'payers') add(f.itemFields, `${pointer}/${i}/itemFields`);
    });
  };
  if (!Array.isArray(def.steps)) return out;
  def.steps.forEach((step, si) => {
    if (!isObject(step)) return;
    add(step.fields, `/steps/${si}/fields`);
    if (Array.isArray(step.sections)) {
      step.sections.forEach((section, ci) => {
        if (isObject(section)) add(section.fields, `/steps/${si}/sections/${ci}/fields`);
      });
    }
  });
  return out;
}

/**
 * Checks a definition (an object) for unknown field types and against the meta-schema, and leaves out what is
 * broken so that the compiler can check the rest: one run reports a misspelt property and, in the same file, a
 * regular expression that does not compile. Errors that only follow from leaving a part out are not reported.
 */
export function checkDefinition(input: Record<string, unknown>): DefinitionCheck {
  const diagnostics: Diagnostic[] = [];
  const removed = new Set<string>();
  const standIns = new Set<string>();
  const leftOut = new Set<string>();
  const known: readonly string[] = FIELD_TYPES;

  // A `$ref` still in the definition could not be resolved (its reader reported why): leave it out, and say
  // nothing of what leaving it out breaks (a step without fields).
  const unresolved: string[] = [];
  const findRefs = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        findRefs(item, `${pointer}/${i}`);
      });
    } else if (isObject(node)) {
      if (pointer !== '' && typeof node.$ref === 'string') unresolved.push(pointer);
      else for (const [k, v] of Object.entries(node)) findRefs(v, `${pointer}/${escapeSegment(k)}`);
    }
  };
  findRefs(input, '');
  for (const p of unresolved) removed.add(p);
  const followsFromRef = (at: string) => at !== '' && unresolved.some((p) => p === at || p.startsWith(`${at}/`));

  for (const { fields, pointer } of fieldLists(input)) {
    fields.forEach((f, i) => {
      const type = isObject(f) ? f.type : undefined;
      if (typeof type !== 'string' || known.includes(type)) return;
      const guess = didYouMean(type, known);
      const list = known.join(', ');
      diagnostics.push({
        severity: 'error',
        code: 'unknown-field-type',
        rule: 'unknown-type',
        // the spec's wording (what the form shows at run time); the hint is for authors
        message: `Field type ${type} is not implemented!`,
        hint: guess ? `${guess} The field types are: ${list}` : `the field types are: ${list}`,
        pointer: `${pointer}/${i}`,
        place: { property: 'type', part: 'value' },
      });
      removed.add(`${pointer}/${i}`);
    });
  }

  // arrays with items left out, by pointer in the input: the indices left out, ascending
  let gaps = new Map<string, number[]>();
  const build = (node: unknown, pointer: string): unknown => {
    if (Array.isArray(node)) {
      const out: unknown[] = [];
      const left: number[] = [];
      node.forEach((item, i) => {
        const p = `${pointer}/${i}`;
        if (removed.has(p)) left.push(i);
        else out.push(build(item, p));
      });
      if (left.length) gaps.set(pointer, left);
      return out;
    }
    if (!isObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      const p = `${pointer}/${escapeSegment(key)}`;
      if (standIns.has(p)) out[key] = STAND_INS[key];
      else if (!removed.has(p)) out[key] = build(value, p);
    }
    if (pointer === '') for (const p of standIns) out[p.slice(1)] = STAND_INS[p.slice(1)];
    return out;
  };
  const originalPointer = (pointer: string): string => {
    if (gaps.size === 0) return pointer;
    let out = '';
    for (const segment of pointer.split('/').slice(1)) {
      const left = gaps.get(out);
      if (left && /^\d+$/.test(segment)) {
        let index = Number(segment);
        for (const r of left) if (r <= index) index++;
        out += `/${index}`;
      } else out += `/${segment}`;
    }
    return out;
  };
  const isRemoved = (pointer: string) => {
    for (let p = pointer; p !== ''; p = p.slice(0, p.lastIndexOf('/'))) if (removed.has(p)) return true;
    return false;
  };

  for (let round = 0; round < ROUNDS; round++) {
    gaps = new Map();
    const definition = build(input, '') as FormDefinition;
    const errors = shapeErrors(definition);
    if (errors.length === 0) {
      for (const { fields, pointer } of fieldLists(input)) {
        fields.forEach((f, i) => {
          if (isObject(f) && typeof f.name === 'string' && isRemoved(`${pointer}/${i}`)) leftOut.add(f.name);
        });
      }
      return { diagnostics, definition, leftOut, originalPointer };
    }
    let progress = false;
    for (const e of errors) {
      const at = originalPointer(e.diagnostic.pointer);
      // later rounds only meet what leaving a part out broke (a required property gone): leave out more
      if (round === 0 && !followsFromRef(at)) diagnostics.push({ ...e.diagnostic, pointer: at });
      let target = round === 0 ? originalPointer(e.target) : enclosingPart(at);
      if (target === '' && e.diagnostic.rule === 'missing-property') {
        const missing = /'([^']+)'/.exec(e.diagnostic.message)?.[1] ?? '';
        target = `/${escapeSegment(missing)}`;
      }
      if (isRemoved(target) || standIns.has(target)) continue;
      if (target === '/steps' || target === '') return { diagnostics, leftOut, originalPointer };
      if (target.split('/').length === 2) {
        const key = target.slice(1);
        if (key in STAND_INS) standIns.add(target);
        else removed.add(target);
      } else removed.add(target);
      progress = true;
    }
    if (!progress) return { diagnostics, leftOut, originalPointer };
  }
  return { diagnostics, leftOut, originalPointer };
}
