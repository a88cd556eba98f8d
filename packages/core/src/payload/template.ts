/**
 * Template payloads read back strictly (the server side). A template submission (the CMS bookings, step 2 of the
 * blocked account) must be the published template with only its answers filled in: the same keys, the same number
 * of list elements, the same constants (ids, labels, types). Only the values at the `set` pointers may differ;
 * those are checked by the form's submit schema afterwards. Pure: no Node or DOM API.
 */
import type { JsonValue, Locale, SubmitSettings } from '../dsl/types.js';
import { translate } from '../i18n/catalogue.js';
import { isObject } from '../json/object.js';
import { parsePointer, toPointer } from '../json/pointer.js';
import type { FieldError } from '../validate/validator.js';

/** One place where a submission departs from its template: a JSON pointer into the body, and what is wrong. */
export interface TemplateMismatch {
  pointer: string;
  /** The message key (`validation.template…`). */
  key: string;
  params: Record<string, unknown>;
}

export interface TemplateCheckOptions {
  /** Form encodings: values arrive as text and empty (null) values are left out of the body. */
  textValues?: boolean;
  /** The most mismatches reported (a hostile body may have thousands). */
  limit?: number;
}

/** The `set` pointers as a tree: a node is a value slot (its value is an answer), or leads to slots below it. */
interface SlotNode {
  slot: boolean;
  children: Map<string, SlotNode>;
}

function slotTree(settings: SubmitSettings): SlotNode {
  const root: SlotNode = { slot: false, children: new Map() };
  for (const entry of settings.payload?.set ?? []) {
    let node = root;
    for (const part of parsePointer(entry.pointer)) {
      let next = node.children.get(part);
      if (!next) {
        next = { slot: false, children: new Map() };
        node.children.set(part, next);
      }
      node = next;
    }
    node.slot = true;
  }
  return root;
}

/** A template constant as the message shows it, kept short. */
function shown(value: JsonValue): string {
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/**
 * Every place (up to `limit`) where `body` departs from the template of a template-mode payload map: an unknown
 * property, an extra or missing list element, a missing property, a changed constant, an object or list replaced by
 * something else. Empty for other payload modes and for a body that matches.
 */
export function templateMismatches(
  settings: SubmitSettings,
  body: unknown,
  opts: TemplateCheckOptions = {},
): TemplateMismatch[] {
  const map = settings.payload;
  if (map?.mode !== 'template') return [];
  const limit = opts.limit ?? 20;
  const out: TemplateMismatch[] = [];
  const report = (at: string[], key: string, params: Record<string, unknown> = {}) => {
    const pointer = toPointer(at);
    // the message shows the whole body's place as `/`
    if (out.length < limit) out.push({ pointer, key, params: { ...params, pointer: pointer || '/' } });
  };
  const equalConstant = (expected: JsonValue, actual: unknown) =>
    opts.textValues && typeof actual === 'string' && expected !== null && typeof expected !== 'object'
      ? String(expected) === actual
      : actual === expected;

  const walk = (template: JsonValue | undefined, value: unknown, at: string[], slots: SlotNode | undefined) => {
    if (out.length >= limit || slots?.slot) return; // an answer: the submit schema judges it
    // a place only `set` pointers lead to (no template value): an object of those slots
    const expected: JsonValue = template === undefined ? {} : template;
    if (Array.isArray(expected)) {
      if (!Array.isArray(value)) return report(at, 'validation.templateList');
      for (let i = 0; i < Math.max(expected.length, value.length) && out.length < limit; i++) {
        const child = slots?.children.get(String(i));
        if (i >= expected.length && !child) {
          report([...at, String(i)], 'validation.templateElement', { count: expected.length });
          return; // one report for the extra elements, at the first of them
        }
        if (i >= value.length) {
          if (!opts.textValues) report([...at, String(i)], 'validation.templateMissing');
          continue;
        }
        walk(expected[i], value[i], [...at, String(i)], child);
      }
      return;
    }
    if (expected !== null && typeof expected === 'object') {
      if (!isObject(value)) return report(at, 'validation.templateObject');
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(expected, key) && !slots?.children.has(key))
          report([...at, key], 'validation.templateProperty', { name: key });
      }
      for (const key of Object.keys(expected)) {
        if (!Object.hasOwn(value, key)) {
          // form encodings leave empty values out of the body
          if (!opts.textValues) report([...at, key], 'validation.templateMissing');
          continue;
        }
        walk(expected[key], value[key], [...at, key], slots?.children.get(key));
      }
      for (const [key, child] of slots?.children ?? []) {
        if (!Object.hasOwn(expected, key) && Object.hasOwn(value, key))
          walk(undefined, value[key], [...at, key], child);
      }
      return;
    }
    if (!equalConstant(expected, value)) report(at, 'validation.templateValue', { expected: shown(expected) });
  };

  walk(map.template ?? {}, body, [], slotTree(settings));
  return out;
}

/**
 * The mismatches of a template submission as field errors in the request's language, for the server's 400 answer.
 * `field` is the form field whose answer sits beside the place (the booking field whose label was changed), else
 * the pointer itself (an extra step belongs to no field).
 */
export function templateErrors(
  settings: SubmitSettings,
  body: unknown,
  locale: Locale,
  opts: TemplateCheckOptions = {},
): FieldError[] {
  const owners = (settings.payload?.set ?? [])
    .filter((s) => s.from)
    .map((s) => ({ parent: s.pointer.slice(0, s.pointer.lastIndexOf('/')), field: String(s.from).split('.')[0] }));
  return templateMismatches(settings, body, opts).map((m) => {
    const owner = owners.find(
      (o) => o.parent !== '' && (m.pointer === o.parent || m.pointer.startsWith(`${o.parent}/`)),
    );
    return {
      path: m.pointer,
      field: owner?.field ?? m.pointer,
      messageKey: m.key,
      message: translate(m.key, locale, m.params),
      params: m.params,
    };
  });
}
