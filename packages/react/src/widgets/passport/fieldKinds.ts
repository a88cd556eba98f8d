/**
 * What kind of value a field the passport widget fills holds: read from the compiled form the runner puts into
 * formContext (`form`), else from the step's JSON Schema (a bare RJSF form).
 */

import type { CompiledForm } from '@antrag/core/compile/types';
import type { Registry } from '@rjsf/utils';
import type { FieldKind, PlaceShape } from './extracted.js';

type Schema = Record<string, unknown>;

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

function kindFromSchema(schema: Schema | undefined): FieldKind {
  if (!schema) return { kind: 'text' };
  const props = asObject(schema.properties);
  if (props && 'location' in props) return { kind: 'place', shape: 'cityState' };
  if (props && 'iso' in props) {
    const iso = asObject(props.iso);
    return { kind: 'country', shape: 'object', allowed: Array.isArray(iso?.enum) ? (iso.enum as string[]) : undefined };
  }
  if (schema.format === 'date') return { kind: 'date' };
  return { kind: 'text' };
}

/** A field's kind by name, for `fillValues`. */
export function fieldKindsOf(form: CompiledForm | undefined, registry: Registry): (field: string) => FieldKind {
  const rootProps = asObject(asObject(registry.rootSchema)?.properties);
  return (field) => {
    const plan = form?.fields?.[field];
    const options = asObject(asObject(form?.uiSchema?.[field])?.['ui:options']) ?? {};
    switch (plan?.type) {
      case 'date':
        return { kind: 'date' };
      case 'country': {
        const shape = options.valueShape === 'code' || options.valueShape === 'name' ? options.valueShape : 'object';
        const allowed = Array.isArray(options.countries) ? (options.countries as string[]) : undefined;
        return { kind: 'country', shape, allowed };
      }
      case 'place': {
        const shape = (
          ['text', 'cityState', 'cityStateCountry'].includes(String(options.valueShape)) ? options.valueShape : 'text'
        ) as PlaceShape;
        return { kind: 'place', shape };
      }
      default:
        return plan ? { kind: 'text' } : kindFromSchema(asObject(rootProps?.[field]));
    }
  };
}
