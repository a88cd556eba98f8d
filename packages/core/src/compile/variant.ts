import type { Condition, Field, FormDefinition, JsonPrimitive, Option, Section, Step } from '../dsl/types.js';
import { decideOptions } from './conditions.js';

type Decided = Condition | boolean | undefined;

function decide(c: Condition | undefined, options: Record<string, JsonPrimitive>): Decided {
  return c === undefined ? undefined : decideOptions(c, options);
}

/** Runtime conditions keep their place; a decided `true` drops the condition, `false` says "never". */
function runtimeCondition(d: Decided): Condition | undefined {
  return typeof d === 'boolean' ? undefined : d;
}

function decideField(field: Field, options: Record<string, JsonPrimitive>): Field | undefined {
  const visible = decide(field.visibleIf, options);
  if (visible === false) return undefined;
  const out: Field = { ...field, visibleIf: runtimeCondition(visible) };
  const required = decide(field.requiredIf, options);
  if (typeof required === 'boolean') {
    out.required = required;
    out.requiredIf = undefined;
  } else out.requiredIf = required;
  const disabled = decide(field.disabledIf, options);
  out.disabledIf = runtimeCondition(disabled);
  if (disabled === true) out.readOnly = true;
  if (field.labelIf) {
    // entries decided false leave a hole, so later entries keep their index (and their JSON pointer)
    const labels: Array<NonNullable<Field['labelIf']>[number] | null> = [];
    for (const entry of field.labelIf) {
      const d = decideOptions(entry.if, options);
      if (d === true) {
        // this label always applies from here on: it becomes the label
        out.label = entry.label;
        break;
      }
      labels.push(d === false ? null : { ...entry, if: d });
    }
    out.labelIf = labels.some((l) => l !== null) ? (labels as NonNullable<Field['labelIf']>) : undefined;
  }
  if ((field.type === 'select' || field.type === 'multiselect') && Array.isArray(field.options)) {
    (out as typeof field).options = field.options.flatMap((o: Option): Option[] => {
      const d = decide(o.visibleIf, options);
      return d === false ? [] : [{ ...o, visibleIf: runtimeCondition(d) }];
    });
  }
  if (field.type === 'payers') {
    (out as typeof field).itemFields = field.itemFields.flatMap((f) => decideField(f, options) ?? []);
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as Field;
}

/**
 * The definition of one variant: steps, sections and fields whose option conditions fail are left
 * out, and option tests are removed from the conditions that remain. Field positions (and so the
 * JSON pointers of diagnostics) are kept by leaving holes that the caller skips.
 */
export function decideVariant(def: FormDefinition, options: Record<string, JsonPrimitive>): FormDefinition {
  const fields = (list: Field[] | undefined) =>
    list?.map((f) => decideField(f, options) ?? null) as Field[] | undefined;
  return {
    ...def,
    steps: def.steps.map((step): Step => {
      const sections = step.sections?.map((section): Section => {
        const visible = decide(section.visibleIf, options);
        return {
          ...section,
          visibleIf: runtimeCondition(visible),
          fields:
            visible === false ? section.fields.map(() => null as unknown as Field) : (fields(section.fields) ?? []),
        };
      });
      return { ...step, fields: fields(step.fields), sections };
    }),
  };
}
