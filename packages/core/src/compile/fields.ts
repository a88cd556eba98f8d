import countries from 'i18n-iso-countries';
import { getCountries, getCountryCallingCode, Metadata } from 'libphonenumber-js/max';
import type {
  DateRef,
  Field,
  JsonValue,
  Option,
  OptionSource,
  ReferenceList,
  Rule,
  RuleKind,
  SubmitSettings,
  ValueSource,
} from '../dsl/types.js';
import { RULE_KINDS } from '../dsl/types.js';
import { acceptedMimeTypes, sizeInBytes } from './files.js';
import { boundedString, cappedString, checksCharacters, TEXT_LIMITS, textBounds, typedTextOf } from './limits.js';
import type { TextTable } from './texts.js';
import type { Diagnostic, JsonSchema, UiSchema } from './types.js';

/** Names of everything a rule or condition may refer to, collected before fields compile. */
export interface FieldScope {
  /** Sibling names: the form's fields and computed values, or a payer's item fields. */
  names: Set<string>;
}

export interface FieldContext {
  formId: string;
  texts: TextTable;
  diagnostics: Diagnostic[];
  reference: Record<string, ReferenceList>;
  scope: FieldScope;
  /** Text-key prefix of this field (`fields.firstName`, `fields.payers.items.email`). */
  hint: string;
}

export interface CompiledField {
  /** False for info and computed fields, which show something but hold no data of their own. */
  hasData: boolean;
  /** The property schema, without requiredness. */
  schema: JsonSchema;
  /** What `required` adds beyond presence (a non-empty text, a ticked box, at least one file). */
  whenRequired?: JsonSchema;
  requiredMessage: string;
  ui: UiSchema;
  /** Other fields this one's rules read. */
  dependsOn: string[];
}

/** Letters of any language (with their combining marks), spaces, hyphens, apostrophes, and joiners between letters (Persian ZWNJ). */
export const LETTERS_PATTERN = "^[\\p{L}\\p{M}](?:[\\p{L}\\p{M}\\s'’-]|[\\u200C\\u200D](?=[\\p{L}\\p{M}]))*$";

const DEFAULT_RULE_MESSAGE: Record<RuleKind, string> = {
  pattern: 'validation.pattern',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  min: 'validation.min',
  max: 'validation.max',
  wholeNumber: 'validation.wholeNumber',
  letters: 'validation.letters',
  email: 'validation.email',
  plainText: 'validation.plainText',
  sameAs: 'validation.sameAs',
  requires: 'validation.selectFirst',
  postalCodeFor: 'validation.zipInvalid',
  phoneFor: 'validation.phoneInvalid',
  after: 'validation.dateAfter',
  before: 'validation.dateBefore',
  notBefore: 'validation.dateAfter',
  notAfter: 'validation.dateBefore',
};

function ruleKind(rule: Rule): RuleKind {
  return RULE_KINDS.find((k) => k in rule) as RuleKind;
}

function dateRefField(ref: DateRef): string | undefined {
  return typeof ref === 'object' && 'field' in ref ? ref.field : undefined;
}

/** The JSON Schema constraints of one rule (placed in its own `allOf` entry with its message). */
function ruleConstraint(rule: Rule, ctx: FieldContext, pointer: string, deps: string[]): JsonSchema | undefined {
  const refersTo = (path: string, where: string) => {
    const name = path.split('.')[0];
    deps.push(name);
    if (!ctx.scope.names.has(name)) {
      ctx.diagnostics.push({
        severity: 'error',
        code: 'unknown-field',
        message: `${where} refers to field '${name}', which does not exist`,
        pointer,
      });
    }
  };
  if ('pattern' in rule) {
    try {
      new RegExp(rule.pattern, 'u');
    } catch (e) {
      ctx.diagnostics.push({
        severity: 'error',
        code: 'bad-regex',
        message: `pattern ${JSON.stringify(rule.pattern)} is not a valid regular expression: ${(e as Error).message}`,
        pointer: `${pointer}/pattern`,
      });
      return undefined;
    }
    return { pattern: rule.pattern };
  }
  if ('minLength' in rule) return { minLength: rule.minLength };
  if ('maxLength' in rule) return { maxLength: rule.maxLength };
  if ('min' in rule) return { minimum: rule.min };
  if ('max' in rule) return { maximum: rule.max };
  if ('wholeNumber' in rule) return { multipleOf: 1 };
  if ('letters' in rule) return { pattern: LETTERS_PATTERN };
  if ('email' in rule) return { format: 'email' };
  if ('sameAs' in rule) {
    refersTo(rule.sameAs, 'sameAs');
    return { sameAs: rule.sameAs };
  }
  if ('requires' in rule) {
    refersTo(rule.requires, 'requires');
    return { requiresField: rule.requires };
  }
  if ('postalCodeFor' in rule) {
    refersTo(rule.postalCodeFor, 'postalCodeFor');
    return { postalCodeFor: rule.postalCodeFor };
  }
  if ('phoneFor' in rule) {
    refersTo(rule.phoneFor, 'phoneFor');
    return { phoneFor: rule.phoneFor };
  }
  for (const relation of ['after', 'before', 'notBefore', 'notAfter'] as const) {
    if (relation in rule) {
      const ref = (rule as Record<typeof relation, DateRef>)[relation];
      const field = dateRefField(ref);
      if (field) refersTo(field, relation);
      return { dateRule: { relation, ref: ref as JsonValue } };
    }
  }
  return undefined;
}

function optionList(
  options: Option[] | OptionSource,
  ctx: FieldContext,
  pointer: string,
): Array<{ value: string | number | boolean; label: string; visibleIf?: JsonValue; country?: string }> | undefined {
  if (Array.isArray(options)) {
    return options.map((o, i) => ({
      value: o.value,
      label: ctx.texts.key(o.label, `${ctx.hint}.options.${i}`, `${pointer}/options/${i}/label`),
      ...(o.visibleIf ? { visibleIf: o.visibleIf as JsonValue } : {}),
    }));
  }
  if (options.reference) {
    const list = ctx.reference[options.reference];
    if (!list) {
      ctx.diagnostics.push({
        severity: 'error',
        code: 'unknown-reference',
        message: `options refer to reference list '${options.reference}', which the form does not define`,
        pointer: `${pointer}/options/reference`,
      });
      return undefined;
    }
    const valueProp = options.value ?? 'id';
    const labelProp = options.label ?? 'title';
    return list.map((record, i) => ({
      value: record[valueProp] as string | number,
      label: ctx.texts.key(String(record[labelProp] ?? record[valueProp]), `${ctx.hint}.options.${i}`, pointer),
    }));
  }
  if (options.builtin === 'countries') return COUNTRY_OPTIONS;
  if (options.builtin === 'dialCodes') return DIAL_CODE_OPTIONS;
  // languages: the widget builds the list from the active language; no enum
  return undefined;
}

function sortedCopy<T extends { label: string }>(list: T[], texts: TextTable): T[] {
  const en = (k: string) => texts.texts[k]?.en ?? k;
  return [...list].sort((a, b) => en(a.label).localeCompare(en(b.label)));
}

/**
 * Country calling codes as dialled ('+49'), one option a country (`country`: ISO 3166 alpha-2), so the widget
 * names each in the page's language ('Germany (+49)'). By code; of the countries sharing one, the code's main
 * country first (US for +1), which a stored '+1' shows as.
 */
const DIAL_CODE_OPTIONS = (() => {
  // the method is there at run time, though the package's types leave it out
  const metadata = new Metadata() as unknown as { getCountryCodesForCallingCode(code: string): string[] | undefined };
  return [...new Set(getCountries().map((c) => getCountryCallingCode(c)))]
    .sort((a, b) => Number(a) - Number(b))
    .flatMap((code) =>
      (metadata.getCountryCodesForCallingCode(code) ?? []).map((country) => ({
        value: `+${code}`,
        label: `+${code}`,
        country,
      })),
    );
})();

const COUNTRY_CODES = Object.keys(countries.getAlpha2Codes()).sort();
/** English names by code; the widgets show the names of the active language. */
const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: countries.getName(code, 'en') ?? code }));

function fileRecordSchema(): JsonSchema {
  // the file's own name may hold any character its file system allows: bounded in length only
  const text = (max: number, extra: JsonSchema = {}) => cappedString(max, extra) as JsonValue;
  return {
    type: 'object',
    required: ['uid', 'name', 'type', 'size', 'status'],
    properties: {
      uid: text(TEXT_LIMITS.fileName, { minLength: 1 }),
      name: text(TEXT_LIMITS.fileName, { minLength: 1 }),
      type: text(TEXT_LIMITS.fileName),
      size: { type: 'number', minimum: 0 },
      status: text(TEXT_LIMITS.code),
      url: text(TEXT_LIMITS.url),
      docId: text(TEXT_LIMITS.fileName),
      storedName: text(TEXT_LIMITS.fileName),
    },
  };
}

/** Drops undefined entries so that output stays byte-stable and free of `undefined`. */
export function clean<T extends Record<string, unknown>>(o: T): T {
  // a plain loop: this runs several times per field, and entries/filter/fromEntries allocate thrice
  const out: Record<string, unknown> = {};
  for (const key in o) if (o[key] !== undefined) out[key] = o[key];
  return out as T;
}

/** Compiles one field into its property schema and UI schema entry. */
export function compileField(field: Field, ctx: FieldContext, pointer: string): CompiledField {
  const t = ctx.texts;
  const hint = ctx.hint;
  const deps: string[] = [];
  const required = field.requiredMessage
    ? t.key(field.requiredMessage, `${hint}.requiredMessage`, `${pointer}/requiredMessage`)
    : 'validation.required';
  const allOf: JsonSchema[] = [];
  const options: Record<string, JsonValue | undefined> = {
    fieldType: field.type,
    icon: field.icon,
    span: field.span,
    transform: field.transform as JsonValue,
  };
  let schema: JsonSchema;
  let whenRequired: JsonSchema | undefined;
  let widget: string | undefined;
  let uiField: string | undefined;
  let hasData = true;
  let baseMessage = 'validation.invalid';
  // an e-mail field's message for a wrong address; a choice whose answer may be typed
  let emailMessage: string | undefined;
  let freeTextChoice = false;
  // strings inside structures (a place record, a country's name, typed tags) follow the field's plainText rule
  const plain = checksCharacters(field);
  // blank text (only spaces) counts as empty
  const nonEmptyText = { minLength: 1, pattern: '\\S', errorMessage: required };

  switch (field.type) {
    case 'text':
      schema = { type: 'string' };
      whenRequired = nonEmptyText;
      widget = 'text';
      options.inputMode = field.inputMode;
      options.autoComplete = field.autoComplete;
      break;
    case 'email': {
      schema = { type: 'string' };
      whenRequired = nonEmptyText;
      widget = 'email';
      const message = field.invalidMessage
        ? t.key(field.invalidMessage, `${hint}.invalidMessage`, `${pointer}/invalidMessage`)
        : 'validation.invalid';
      allOf.push({ format: 'email', errorMessage: message });
      emailMessage = message;
      break;
    }
    case 'textarea':
      schema = { type: 'string' };
      whenRequired = nonEmptyText;
      widget = 'textarea';
      options.rows = field.rows;
      break;
    case 'otp': {
      const length = field.length ?? 6;
      schema = { type: 'string' };
      whenRequired = nonEmptyText;
      widget = 'otp';
      allOf.push({ pattern: `^\\d{${length}}$`, errorMessage: 'validation.otp' });
      options.length = length;
      options.resendSeconds = field.resendSeconds ?? 60;
      if (field.send) options.send = compileCall(field.send, ctx, `${pointer}/send`) as unknown as JsonValue;
      break;
    }
    case 'phone': {
      const byCountry = field.validateForCountry !== false;
      const invalid = field.invalidMessage
        ? t.key(field.invalidMessage, `${hint}.invalidMessage`, `${pointer}/invalidMessage`)
        : 'validation.phoneInvalid';
      // a number with other signs than digits and spaces is refused with a message, never rewritten
      const phoneNumber = boundedString(TEXT_LIMITS.phone, false, { pattern: '^[\\d ]*$' });
      phoneNumber.errorMessage = {
        ...(phoneNumber.errorMessage as Record<string, JsonValue>),
        pattern: 'validation.digitsOnly',
      };
      schema = {
        type: 'object',
        properties: {
          countryCode: { type: 'string', pattern: '^\\+?\\d{1,4}$' },
          areaCode: boundedString(TEXT_LIMITS.code, false, { pattern: '^\\d*$' }) as JsonValue,
          phoneNumber: phoneNumber as JsonValue,
          isoCode: { type: 'string', pattern: '^[A-Z]{2}$' },
        },
      };
      whenRequired = {
        required: ['phoneNumber'],
        properties: { phoneNumber: { minLength: 1 } },
        errorMessage: required,
      };
      uiField = 'phone';
      if (byCountry) allOf.push({ phone: true, errorMessage: invalid });
      options.defaultCountry = field.defaultCountry;
      break;
    }
    case 'country': {
      const shape = field.valueShape ?? 'object';
      const codes = field.countries ? [...field.countries].sort() : COUNTRY_CODES;
      if (shape === 'object') {
        schema = {
          type: 'object',
          required: ['iso'],
          properties: {
            name: boundedString(TEXT_LIMITS.name, plain) as JsonValue,
            iso: { type: 'string', enum: codes },
          },
        };
        uiField = 'country';
      } else {
        schema = shape === 'code' ? { type: 'string', enum: codes } : { type: 'string' };
        widget = 'country';
      }
      whenRequired = shape === 'object' ? undefined : nonEmptyText;
      options.valueShape = shape;
      options.countries = field.countries;
      break;
    }
    case 'select': {
      const list = optionList(field.options, ctx, pointer);
      const ordered = list && field.sortAlphabetically ? sortedCopy(list, t) : list;
      const all = (t: string) => !!list && list.length > 0 && list.every((o) => typeof o.value === t);
      const numeric = field.valueType === 'number' || (field.valueType === undefined && all('number'));
      const boolean = field.valueType === undefined && all('boolean');
      schema = { type: numeric ? 'number' : boolean ? 'boolean' : 'string' };
      if (ordered && !field.allowCustom) {
        // several options may give one value (the countries sharing a calling code)
        allOf.push({ enum: [...new Set(ordered.map((o) => o.value))], errorMessage: 'validation.option' });
      }
      freeTextChoice = schema.type === 'string' && (!ordered || !!field.allowCustom);
      whenRequired = numeric || boolean ? undefined : nonEmptyText;
      const display = field.display ?? 'dropdown';
      widget = {
        dropdown: 'select',
        radio: 'radio',
        slider: 'choiceSlider',
        searchable: 'searchSelect',
        buttons: 'choiceButtons',
      }[display];
      options.display = display;
      options.options = ordered as JsonValue;
      options.optionSource = Array.isArray(field.options) ? undefined : (field.options as JsonValue);
      options.allowCustom = field.allowCustom;
      break;
    }
    case 'multiselect': {
      const list = optionList(field.options, ctx, pointer);
      schema = {
        type: 'array',
        uniqueItems: true,
        items: list ? { enum: list.map((o) => o.value) } : (boundedString(TEXT_LIMITS.line, plain) as JsonValue),
      };
      if (field.minItems !== undefined) allOf.push({ minItems: field.minItems, errorMessage: 'validation.option' });
      if (field.maxItems !== undefined) allOf.push({ maxItems: field.maxItems, errorMessage: 'validation.option' });
      whenRequired = { minItems: 1, errorMessage: required };
      widget = field.display === 'buttons' ? 'choiceButtons' : field.display === 'tags' ? 'tags' : 'checkboxes';
      options.display = field.display ?? 'checkboxes';
      options.options = list as JsonValue;
      break;
    }
    case 'checkbox':
    case 'agreement':
      schema = { type: 'boolean' };
      whenRequired = { const: true, errorMessage: required };
      widget = field.type === 'agreement' ? 'agreement' : 'checkbox';
      if (field.type === 'agreement') {
        options.content = t.key(field.content, `${hint}.content`, `${pointer}/content`);
        options.amounts = field.amounts;
        // the content is the label: without one of its own, RJSF would show the field's name above it
        if (field.label === undefined) options.label = false;
      }
      break;
    case 'switch':
      schema = { type: 'boolean' };
      widget = 'switch';
      break;
    case 'date':
      schema = { type: 'string', format: 'date' };
      baseMessage = 'validation.date';
      whenRequired = nonEmptyText;
      widget = 'date';
      options.displayFormat = field.displayFormat ?? 'DD/MM/YYYY';
      break;
    case 'month':
      schema = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' };
      baseMessage = 'validation.month';
      whenRequired = nonEmptyText;
      widget = 'month';
      options.displayFormat = field.displayFormat ?? 'MM/YYYY';
      break;
    case 'number':
    case 'currency': {
      const whole = field.wholeNumber || (field.rules ?? []).some((r) => 'wholeNumber' in r);
      schema = { type: whole ? 'integer' : 'number' };
      const wholeRule = (field.rules ?? []).find((r) => 'wholeNumber' in r);
      if (whole) {
        baseMessage = wholeRule?.message
          ? t.key(wholeRule.message, `${hint}.wholeNumber`, `${pointer}/rules`)
          : 'validation.wholeNumber';
      }
      if (field.min !== undefined) allOf.push({ minimum: field.min, errorMessage: 'validation.min' });
      if (field.max !== undefined) allOf.push({ maximum: field.max, errorMessage: 'validation.max' });
      widget = field.type === 'currency' ? 'currency' : field.type === 'number' && field.slider ? 'range' : 'number';
      options.min = field.min;
      options.max = field.max;
      if (field.type === 'number') options.step = field.step;
      if (field.type === 'currency') {
        options.currency = field.currency ?? 'EUR';
        options.symbolPosition = field.symbolPosition ?? 'prefix';
      }
      break;
    }
    case 'rate': {
      const count = field.count ?? 5;
      schema = { type: 'number', minimum: 0, maximum: count, multipleOf: field.allowHalf ? 0.5 : 1 };
      whenRequired = { exclusiveMinimum: 0, errorMessage: required };
      widget = 'rate';
      options.count = count;
      options.allowHalf = field.allowHalf ?? false;
      options.allowClear = field.allowClear ?? false;
      break;
    }
    case 'place': {
      const shape = field.valueShape ?? 'text';
      schema =
        shape === 'text'
          ? { type: 'string' }
          : {
              type: 'object',
              required: ['location'],
              properties: {
                location: boundedString(field.maxLength ?? TEXT_LIMITS.line, plain, {
                  minLength: 1,
                }) as JsonValue,
                city: boundedString(TEXT_LIMITS.name, plain) as JsonValue,
                state: boundedString(TEXT_LIMITS.name, plain) as JsonValue,
                country: boundedString(TEXT_LIMITS.name, plain) as JsonValue,
                iso: cappedString(TEXT_LIMITS.code) as JsonValue,
              },
            };
      whenRequired = shape === 'text' ? nonEmptyText : undefined;
      uiField = shape === 'text' ? undefined : 'place';
      widget = shape === 'text' ? 'place' : undefined;
      options.valueShape = shape;
      options.placeTypes = field.placeTypes;
      options.debounceMs = field.debounceMs ?? 500;
      break;
    }
    case 'upload':
    case 'passportUpload':
    case 'consentPdf': {
      const settings =
        field.type === 'consentPdf'
          ? { accept: ['.pdf', '.jpg', '.jpeg', '.png'], maxFiles: 1, unitBase: 1000 as const }
          : field;
      schema = { type: 'array', items: fileRecordSchema() as JsonValue };
      whenRequired = { minItems: 1, errorMessage: required };
      const messages = field.type === 'consentPdf' ? {} : (field.messages ?? {});
      const msg = (k: 'type' | 'size' | 'count' | 'failed', fallback: string) =>
        messages[k] ? t.key(messages[k], `${hint}.messages.${k}`, `${pointer}/messages/${k}`) : fallback;
      if (settings.accept && settings.accept.length > 0) {
        const { mimes, unknown } = acceptedMimeTypes(settings.accept);
        for (const u of unknown) {
          ctx.diagnostics.push({
            severity: 'error',
            code: 'unknown-file-type',
            message: `accept lists '${u}', which is neither a MIME type nor a known extension`,
            pointer: `${pointer}/accept`,
          });
        }
        allOf.push({ items: { properties: { type: { enum: mimes } } }, errorMessage: msg('type', 'upload.type') });
        options.accept = settings.accept;
        options.mimeTypes = mimes;
      }
      const base = settings.unitBase ?? 1000;
      const min = 'minSize' in settings && settings.minSize ? sizeInBytes(settings.minSize, base) : undefined;
      const max = 'maxSize' in settings && settings.maxSize ? sizeInBytes(settings.maxSize, base) : undefined;
      if (min !== undefined || max !== undefined) {
        allOf.push({
          items: { properties: { size: clean({ minimum: min, maximum: max }) as JsonValue } },
          errorMessage: msg('size', 'upload.size'),
        });
      }
      const maxFiles = settings.maxFiles ?? 1;
      allOf.push({ maxItems: maxFiles, errorMessage: msg('count', 'upload.count') });
      allOf.push({ items: { properties: { status: { const: 'done' } } }, errorMessage: 'validation.uploadInProgress' });
      uiField = field.type;
      Object.assign(options, {
        minBytes: min,
        maxBytes: max,
        maxFiles,
        unitBase: base,
        messages: clean({
          type: msg('type', 'upload.type'),
          size: msg('size', 'upload.size'),
          count: msg('count', 'upload.count'),
          failed: msg('failed', 'upload.failed'),
        }),
      });
      if (field.type !== 'consentPdf') {
        options.docKey = field.docKey;
        if (field.docKeyFrom) {
          options.docKeyFrom = field.docKeyFrom;
          deps.push(field.docKeyFrom);
          if (!ctx.scope.names.has(field.docKeyFrom)) {
            ctx.diagnostics.push({
              severity: 'error',
              code: 'unknown-field',
              message: `docKeyFrom refers to field '${field.docKeyFrom}', which does not exist`,
              pointer: `${pointer}/docKeyFrom`,
            });
          }
        }
        options.target = field.target ?? 'signed';
        options.fileNamePrefix = field.fileNamePrefix;
        options.hint = field.hint ? t.key(field.hint, `${hint}.hint`, `${pointer}/hint`) : undefined;
      }
      if (field.type === 'passportUpload') {
        options.fills = field.fills;
        options.clearsStorage = field.clearsStorage;
        for (const target of Object.keys(field.fills ?? {})) {
          if (!ctx.scope.names.has(target)) {
            ctx.diagnostics.push({
              severity: 'error',
              code: 'unknown-field',
              message: `fills refers to field '${target}', which does not exist`,
              pointer: `${pointer}/fills`,
            });
          }
        }
      }
      if (field.type === 'consentPdf') {
        options.template = field.template;
        options.fileName = field.fileName ?? 'document.pdf';
        options.fills = field.fills;
      }
      break;
    }
    case 'faceCapture':
      schema = {
        type: 'object',
        properties: {
          status: { enum: ['accept', 'review', 'reject'] },
          message: cappedString(TEXT_LIMITS.note) as JsonValue,
        },
      };
      // RJSF starts an object field as `{}`: "no outcome yet" is a missing status, said as the field's
      // required message at the field itself. A bare `required` would be reported at `/status`, a property
      // with no input of its own; the double negation keeps the error at the field.
      whenRequired = { not: { not: { required: ['status'] } }, errorMessage: required };
      if (field.acceptRequired) {
        const message = field.acceptRequiredMessage
          ? t.key(field.acceptRequiredMessage, `${hint}.acceptRequiredMessage`, `${pointer}/acceptRequiredMessage`)
          : 'face.acceptRequired';
        allOf.push({ properties: { status: { const: 'accept' } }, errorMessage: message });
      }
      uiField = 'faceCapture';
      Object.assign(options, {
        durationSeconds: field.durationSeconds ?? 5,
        width: field.width ?? 1280,
        height: field.height ?? 720,
        format: field.format ?? 'mp4',
        storageKey: field.storageKey,
        acceptRequired: field.acceptRequired || undefined,
        onAccept: field.onAccept
          ? { back: field.onAccept.back ?? 0, finishAfterMs: field.onAccept.finishAfterMs ?? 0 }
          : undefined,
        // the field shows its messages inside its own frame, next to the camera (RJSF's template would repeat them)
        hideError: true,
      });
      break;
    case 'payers': {
      const item = compileItemObject(field.itemFields, { ...ctx, hint: `${hint}.items` }, `${pointer}/itemFields`);
      schema = { type: 'array', items: item.schema as JsonValue };
      if (field.maxItems !== undefined) allOf.push({ maxItems: field.maxItems, errorMessage: 'validation.maxItems' });
      whenRequired = { minItems: 1, errorMessage: required };
      uiField = 'payers';
      options.uniqueBy = field.uniqueBy;
      options.itemUiSchema = item.ui as unknown as JsonValue;
      options.itemOrder = item.order;
      break;
    }
    case 'computed':
      hasData = false;
      schema = {};
      uiField = 'computed';
      options.value = field.value;
      options.format = field.format ?? 'text';
      if (!ctx.scope.names.has(field.value)) {
        ctx.diagnostics.push({
          severity: 'error',
          code: 'unknown-field',
          message: `computed field shows '${field.value}', which is not a computed value of the form`,
          pointer: `${pointer}/value`,
        });
      }
      break;
    case 'info':
      hasData = false;
      schema = {};
      uiField = 'info';
      options.content = t.key(field.content, `${hint}.content`, `${pointer}/content`);
      options.amounts = field.amounts;
      options.variant = field.variant ?? 'info';
      break;
    case 'universitySelect':
    case 'programSelect':
    case 'locationSelect': {
      schema = { type: 'string' };
      whenRequired = nonEmptyText;
      widget = field.type;
      options.options = field.options ? (optionList(field.options, ctx, pointer) as JsonValue) : undefined;
      options.dependsOn = field.dependsOn;
      options.allowCustom = field.allowCustom ?? true;
      if (field.dependsOn) {
        deps.push(field.dependsOn);
        if (!ctx.scope.names.has(field.dependsOn)) {
          ctx.diagnostics.push({
            severity: 'error',
            code: 'unknown-field',
            message: `dependsOn refers to field '${field.dependsOn}', which does not exist`,
            pointer: `${pointer}/dependsOn`,
          });
        }
      }
      break;
    }
  }

  // the messages of the field's own rules about what its text may hold, which bad characters get too (below)
  let plainTextMessage: string | undefined;
  let shapeMessage: string | undefined;
  let ruleMaxLength: number | undefined;
  for (const [i, rule] of (field.rules ?? []).entries()) {
    const kind = ruleKind(rule);
    if (kind === 'wholeNumber' && (field.type === 'number' || field.type === 'currency')) continue; // typed as integer
    const message = rule.message
      ? t.key(rule.message, `${hint}.rules.${i}`, `${pointer}/rules/${i}/message`)
      : 'notAfter' in rule && rule.notAfter === 'today'
        ? 'validation.dateNotInFuture'
        : DEFAULT_RULE_MESSAGE[kind];
    if ('plainText' in rule) {
      if (rule.message) plainTextMessage = message;
      continue; // placed with the text's bounds below
    }
    const constraint = ruleConstraint(rule, ctx, `${pointer}/rules/${i}`, deps);
    if (!constraint) continue;
    if (kind === 'letters' || kind === 'pattern') shapeMessage ??= message;
    if ('maxLength' in rule) ruleMaxLength = Math.min(ruleMaxLength ?? rule.maxLength, rule.maxLength);
    allOf.push({ ...constraint, errorMessage: message });
  }

  // every text a person types is bounded: in length (the field's own maximum, a maxLength rule, else the default of
  // its kind) and in characters (the plainText rule, on unless turned off); a spec's message for what the field may
  // hold (letters, a pattern, an e-mail address) is kept for bad characters too, so one message shows, not two
  const typed = typedTextOf(field) ?? (freeTextChoice ? 'line' : undefined);
  let boundMessages: Record<string, string> = {};
  if (typed) {
    const characters = plainTextMessage ?? shapeMessage ?? emailMessage ?? 'validation.plainText';
    const bounds = textBounds(field, typed, ruleMaxLength, characters);
    schema = { ...schema, ...bounds.keywords };
    boundMessages = bounds.messages;
    options.maxLength = bounds.inputMaxLength;
  }

  const label = field.label === undefined ? undefined : t.key(field.label, `${hint}.label`, `${pointer}/label`);
  if (field.labelIf) {
    options.labelIf = field.labelIf.flatMap((l, i) =>
      l
        ? [{ if: l.if as JsonValue, label: t.key(l.label, `${hint}.labelIf.${i}`, `${pointer}/labelIf/${i}/label`) }]
        : [],
    );
  }
  const englishLabel =
    typeof field.label === 'string' ? field.label : field.label && 'en' in field.label ? field.label.en : undefined;
  if (hasData) {
    schema = clean({
      ...schema,
      title: englishLabel,
      default: field.default,
      readOnly: field.readOnly || undefined,
      errorMessage: {
        type: baseMessage,
        ...(schema.format ? { format: baseMessage } : {}),
        ...(schema.pattern ? { pattern: baseMessage } : {}),
        ...boundMessages,
      },
      allOf: allOf.length > 0 ? (allOf as JsonValue[]) : undefined,
    });
  }

  const ui: UiSchema = clean({
    'ui:widget': widget,
    'ui:field': uiField,
    'ui:title': label,
    'ui:placeholder':
      field.placeholder === undefined
        ? undefined
        : t.key(field.placeholder, `${hint}.placeholder`, `${pointer}/placeholder`),
    'ui:description':
      field.description === undefined
        ? undefined
        : t.key(field.description, `${hint}.description`, `${pointer}/description`),
    'ui:help': field.tooltip === undefined ? undefined : t.key(field.tooltip, `${hint}.tooltip`, `${pointer}/tooltip`),
    'ui:readonly': field.readOnly || undefined,
    'ui:options': clean(options) as JsonValue,
  });

  return { hasData, schema, whenRequired, requiredMessage: required, ui, dependsOn: [...new Set(deps)].sort() };
}

/**
 * A call a field makes itself (the code an OTP field sends): its texts as keys, its payload's fields checked
 * against the form's names. The runner performs it as it performs a step's submission.
 */
function compileCall(settings: SubmitSettings, ctx: FieldContext, pointer: string): SubmitSettings {
  const t = ctx.texts;
  const hint = `${ctx.hint}.send`;
  const sources: Array<[ValueSource | string, string]> = [
    ...Object.entries(settings.payload?.fields ?? {}).map(
      ([key, src]) => [src, `${pointer}/payload/fields/${key}`] as [ValueSource | string, string],
    ),
    ...(settings.payload?.set ?? []).map((src, i) => [src, `${pointer}/payload/set/${i}`] as [ValueSource, string]),
  ];
  for (const [src, p] of sources) {
    const from = typeof src === 'string' ? src : src.from;
    const name = from?.split('.')[0];
    if (name && !ctx.scope.names.has(name)) {
      ctx.diagnostics.push({
        severity: 'error',
        code: 'unknown-field',
        message: `payload refers to field '${name}', which does not exist`,
        pointer: p,
      });
    }
  }
  return clean({
    ...settings,
    errorMessage: settings.errorMessage
      ? t.key(settings.errorMessage, `${hint}.errorMessage`, `${pointer}/errorMessage`)
      : undefined,
    messageMap: settings.messageMap?.map((m, i) => ({
      contains: m.contains,
      message: t.key(m.message, `${hint}.messageMap.${i}`, `${pointer}/messageMap/${i}/message`),
    })),
    requiresStorage: settings.requiresStorage?.map((r, i) => ({
      key: r.key,
      message: t.key(r.message, `${hint}.requiresStorage.${i}`, `${pointer}/requiresStorage/${i}/message`),
    })),
  });
}

/** A payer-like item: an object of fields (no steps, no conditions across the form). */
function compileItemObject(
  fields: Field[],
  ctx: FieldContext,
  pointer: string,
): { schema: JsonSchema; ui: UiSchema; order: string[] } {
  const scope = { names: new Set(fields.map((f) => f.name)) };
  const properties: Record<string, JsonValue> = {};
  const required: string[] = [];
  const requiredMessages: Record<string, string> = {};
  const ui: UiSchema = {};
  const order: string[] = [];
  fields.forEach((f, i) => {
    const out = compileField(f, { ...ctx, scope, hint: `${ctx.hint}.${f.name}` }, `${pointer}/${i}`);
    ui[f.name] = out.ui as JsonValue;
    order.push(f.name);
    if (!out.hasData) return;
    properties[f.name] = (
      f.required && out.whenRequired ? withEntry(out.schema, { ...out.whenRequired, $comment: 'required' }) : out.schema
    ) as JsonValue;
    if (f.required) {
      required.push(f.name);
      requiredMessages[f.name] = out.requiredMessage;
    }
  });
  return {
    schema: clean({
      type: 'object',
      properties,
      required: required.length ? required : undefined,
      errorMessage: required.length ? { required: requiredMessages } : undefined,
    }),
    ui,
    order,
  };
}

/** Adds one more `allOf` entry to a property schema. */
export function withEntry(schema: JsonSchema, entry: JsonSchema): JsonSchema {
  const allOf = Array.isArray(schema.allOf) ? schema.allOf : [];
  return { ...schema, allOf: [...allOf, entry as JsonValue] };
}

export function isDataField(field: Field): boolean {
  return field.type !== 'info' && field.type !== 'computed';
}
