import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Diagnostic } from '../compile/types.js';
import { unescapeSegment } from '../json/pointer.js';
import bookingV1Schema from './cms/booking-v1.cms.schema.json' with { type: 'json' };
import bookingV2Schema from './cms/booking-v2.cms.schema.json' with { type: 'json' };
import reviewSchema from './cms/review.cms.schema.json' with { type: 'json' };
import { CMS_KINDS, type CmsKind } from './cms-types.js';

const SCHEMAS: Record<CmsKind, object> = {
  'booking-v1': bookingV1Schema,
  'booking-v2': bookingV2Schema,
  review: reviewSchema,
};

// One Ajv instance and one compiled validator per kind, built on first use.
let ajv: Ajv2020 | undefined;
const validators = new Map<CmsKind, ValidateFunction>();

function validatorFor(kind: CmsKind): ValidateFunction {
  let validate = validators.get(kind);
  if (!validate) {
    // The CMS schemas use union types (`["string", "null"]`) on purpose.
    ajv ??= new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
    validate = ajv.compile(SCHEMAS[kind]);
    validators.set(kind, validate);
  }
  return validate;
}

/** JSON type name of a value, as JSON Schema's `type` keyword names it. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function valueAt(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  let current: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = unescapeSegment(raw);
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function describe(error: ErrorObject, doc: unknown): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `must have required property '${String(params.missingProperty)}'`;
    case 'type': {
      const expected = String(params.type).split(',').join(' or ');
      return `must be ${expected} (found ${jsonTypeOf(valueAt(doc, error.instancePath))})`;
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
      return `must be one of ${allowed} (found ${JSON.stringify(valueAt(doc, error.instancePath))})`;
    }
    case 'minItems':
      return `must have at least ${String(params.limit)} item(s)`;
    case 'maxItems':
      return `must have at most ${String(params.limit)} item(s)`;
    default:
      return error.message ?? `fails the '${error.keyword}' rule of the schema`;
  }
}

/**
 * Checks a CMS document against the JSON Schema of its kind: one `cms-shape` error per schema violation,
 * pointing at the offending value. An empty list means the document can be imported.
 */
export function checkCmsDocument(kind: CmsKind, doc: unknown): Diagnostic[] {
  if (!CMS_KINDS.includes(kind)) {
    return [
      {
        severity: 'error',
        code: 'unknown-cms-kind',
        message: `Unknown CMS kind ${JSON.stringify(kind)}; expected one of ${CMS_KINDS.join(', ')}.`,
        pointer: '',
      },
    ];
  }
  const validate = validatorFor(kind);
  if (validate(doc)) return [];
  return (validate.errors ?? []).map((error) => {
    const where = error.instancePath === '' ? '(document root)' : error.instancePath;
    return {
      severity: 'error',
      code: 'cms-shape',
      message: `${where}: ${describe(error, doc)}`,
      pointer: error.instancePath,
    } satisfies Diagnostic;
  });
}
