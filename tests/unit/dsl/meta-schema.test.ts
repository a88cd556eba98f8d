import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { isSharedPartError } from '../../../packages/core/src/compile/check.js';
import {
  type AgreementField,
  type ButtonLabels,
  type CheckboxField,
  type ComputedField,
  type ComputedValue,
  type ConsentPdfField,
  type CountryField,
  type CurrencyField,
  type DateField,
  type DraftSettings,
  type EmailField,
  type FaceCaptureField,
  FIELD_TYPES,
  type Field,
  type FieldBase,
  type FieldType,
  type FormDefinition,
  type FormOption,
  type InfoField,
  LOCALES,
  type MonthField,
  type MultiSelectField,
  type NumberField,
  type Option,
  type OptionCondition,
  type OptionSource,
  type OtpField,
  type PassportUploadField,
  type PayersField,
  type PayloadMap,
  type PhoneField,
  type PlaceField,
  type RateField,
  type ResultScreen,
  RULE_KINDS,
  type Section,
  type SelectField,
  type SizeLimit,
  type Step,
  type SubmitSettings,
  type SuccessRule,
  type SwitchField,
  type TextareaField,
  type TextField,
  type UniversitySelectField,
  type UploadField,
  type UploadMessages,
  type UploadSettings,
  type ValueSource,
  type WizardSettings,
} from '../../../packages/core/src/dsl/types.js';

// ajv-formats is CommonJS: under NodeNext its default import is the module object, whose `default` is the plugin
const addFormats = formatsModule.default;

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

type SchemaNode = {
  properties?: Record<string, SchemaNode>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  definitions?: Record<string, SchemaNode>;
  [keyword: string]: unknown;
};

const schemaPath = root('packages/core/src/dsl/dsl.schema.json');
const schema = readJson(schemaPath) as SchemaNode;
const definitions = schema.definitions ?? {};
const fixtures = root('tests/fixtures/dsl');
const kitchenSink = readJson(`${fixtures}/kitchen-sink.form.json`) as FormDefinition;

function compileStrict(): { validate: ValidateFunction<FormDefinition>; messages: string[]; ajv: Ajv } {
  const messages: string[] = [];
  const collect = (...args: unknown[]) => messages.push(args.map(String).join(' '));
  const ajv = new Ajv({ strict: true, allErrors: true, logger: { log: collect, warn: collect, error: collect } });
  addFormats(ajv);
  const validate = ajv.compile<FormDefinition>(schema);
  return { validate, messages, ajv };
}

const { validate } = compileStrict();

/** Every object anywhere in a JSON value, with its JSON pointer. */
function* objectsOf(value: unknown, pointer = ''): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* objectsOf(item, `${pointer}/${i}`);
  } else if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    yield [pointer, obj];
    for (const [key, item] of Object.entries(obj)) yield* objectsOf(item, `${pointer}/${key}`);
  }
}

/** The fields of a definition, including payer item fields. */
function allFields(definition: FormDefinition): Field[] {
  const out: Field[] = [];
  const visit = (fields: Field[] | undefined) => {
    for (const field of fields ?? []) {
      out.push(field);
      if (field.type === 'payers') visit(field.itemFields);
    }
  };
  for (const step of definition.steps) {
    visit(step.fields);
    for (const section of step.sections ?? []) visit(section.fields);
  }
  return out;
}

const sorted = (keys: Iterable<string>) => [...keys].sort();
const propertiesOf = (definition: string) => sorted(Object.keys(definitions[definition]?.properties ?? {}));

describe('dsl.schema.json', () => {
  it('is a valid draft-07 schema', () => {
    const { ajv } = compileStrict();
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(ajv.validateSchema(schema)).toBe(true);
    expect(ajv.errors ?? null).toBeNull();
  });

  it('compiles in ajv strict mode without a warning', () => {
    const { messages } = compileStrict();
    expect(messages).toEqual([]);
  });

  it('describes every property for editors', () => {
    const undocumented: string[] = [];
    for (const [pointer, node] of objectsOf(schema)) {
      if (pointer.endsWith('/if') || !node.properties || typeof node.properties !== 'object') continue;
      // `{ "properties": { "pattern": true } }` inside the rule's oneOf only marks which key a branch needs
      if (/^\/definitions\/rule\/oneOf\/\d+$/.test(pointer)) continue;
      for (const [name, property] of Object.entries(node.properties as Record<string, SchemaNode>)) {
        if (typeof property.description !== 'string' || property.description.length === 0) {
          const resolved = typeof property.$ref === 'string' && property.$ref.includes('/properties/');
          if (!resolved) undocumented.push(`${pointer}/properties/${name}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
  });
});

describe('dsl.schema.json matches packages/core/src/dsl/types.ts', () => {
  it('lists exactly the field types of FIELD_TYPES, each with its own definition', () => {
    expect(definitions.field?.properties?.type?.enum).toEqual([...FIELD_TYPES]);
    const dispatched = (definitions.field?.allOf ?? []).flatMap((branch) => {
      const type = (branch.if as SchemaNode).properties?.type;
      return (type?.const !== undefined ? [type.const] : (type?.enum ?? [])) as FieldType[];
    });
    expect(sorted(dispatched)).toEqual(sorted(FIELD_TYPES));
  });

  it('lists exactly the rule kinds of RULE_KINDS, plus message', () => {
    expect(propertiesOf('rule')).toEqual(sorted([...RULE_KINDS, 'message']));
    const branches = (definitions.rule?.oneOf ?? []).map((branch) => branch.required);
    expect(branches).toEqual(RULE_KINDS.map((kind) => [kind]));
  });

  it('lists exactly the locales of LOCALES in LocalizedText, en required', () => {
    expect(propertiesOf('localizedText')).toEqual(sorted(LOCALES));
    expect(definitions.localizedText?.required).toEqual(['en']);
  });

  // `Record<keyof T, true>` literals fail to type-check when an interface gains or loses a property;
  // the schema's property lists are compared with them.
  const keys = <T>(record: Record<keyof T, true>) => sorted(Object.keys(record));
  const base = keys<FieldBase>({
    name: true,
    label: true,
    labelIf: true,
    placeholder: true,
    description: true,
    tooltip: true,
    icon: true,
    required: true,
    requiredMessage: true,
    requiredIf: true,
    visibleIf: true,
    disabledIf: true,
    readOnly: true,
    default: true,
    defaultFrom: true,
    transform: true,
    rules: true,
    span: true,
  });
  const upload = keys<UploadSettings>({
    accept: true,
    minSize: true,
    maxSize: true,
    unitBase: true,
    maxFiles: true,
    docKey: true,
    docKeyFrom: true,
    target: true,
    fileNamePrefix: true,
    hint: true,
    messages: true,
  });
  const own = <F extends FieldBase>(record: Record<Exclude<keyof F, keyof FieldBase>, true>) =>
    sorted([...base, ...Object.keys(record)]);
  const withUpload = <F extends FieldBase>(
    record: Record<Exclude<keyof F, keyof FieldBase | keyof UploadSettings>, true>,
  ) => sorted([...base, ...upload, ...Object.keys(record)]);

  const fieldDefinitions: Record<string, string[]> = {
    textField: own<TextField>({ type: true, maxLength: true, inputMode: true, autoComplete: true }),
    emailField: own<EmailField>({ type: true, maxLength: true, invalidMessage: true }),
    textareaField: own<TextareaField>({ type: true, maxLength: true, rows: true }),
    phoneField: own<PhoneField>({ type: true, defaultCountry: true, validateForCountry: true, invalidMessage: true }),
    countryField: own<CountryField>({ type: true, valueShape: true, countries: true }),
    selectField: own<SelectField>({
      type: true,
      maxLength: true,
      options: true,
      display: true,
      sortAlphabetically: true,
      allowCustom: true,
      valueType: true,
    }),
    multiSelectField: own<MultiSelectField>({
      type: true,
      options: true,
      display: true,
      minItems: true,
      maxItems: true,
    }),
    checkboxField: own<CheckboxField>({ type: true }),
    switchField: own<SwitchField>({ type: true }),
    agreementField: own<AgreementField>({ type: true, content: true, amounts: true }),
    dateField: own<DateField>({ type: true, displayFormat: true }),
    monthField: own<MonthField>({ type: true, displayFormat: true }),
    numberField: own<NumberField>({ type: true, min: true, max: true, step: true, wholeNumber: true, slider: true }),
    currencyField: own<CurrencyField>({
      type: true,
      currency: true,
      symbolPosition: true,
      min: true,
      max: true,
      wholeNumber: true,
    }),
    rateField: own<RateField>({ type: true, count: true, allowHalf: true, allowClear: true }),
    placeField: own<PlaceField>({ type: true, maxLength: true, placeTypes: true, valueShape: true, debounceMs: true }),
    uploadField: withUpload<UploadField>({ type: true }),
    passportUploadField: withUpload<PassportUploadField>({ type: true, fills: true, clearsStorage: true }),
    faceCaptureField: own<FaceCaptureField>({
      type: true,
      durationSeconds: true,
      width: true,
      height: true,
      format: true,
      storageKey: true,
      acceptRequired: true,
      acceptRequiredMessage: true,
      onAccept: true,
    }),
    otpField: own<OtpField>({ type: true, length: true, resendSeconds: true, send: true }),
    consentPdfField: own<ConsentPdfField>({ type: true, template: true, fileName: true, fills: true }),
    payersField: own<PayersField>({ type: true, itemFields: true, uniqueBy: true, maxItems: true }),
    computedField: own<ComputedField>({ type: true, value: true, format: true }),
    infoField: own<InfoField>({ type: true, content: true, amounts: true, variant: true }),
    universitySelectField: own<UniversitySelectField>({
      type: true,
      maxLength: true,
      options: true,
      dependsOn: true,
      allowCustom: true,
    }),
  };

  it.each(Object.entries(fieldDefinitions))('%s has the properties of its interface', (definition, expected) => {
    expect(propertiesOf(definition)).toEqual(expected);
    expect(definitions[definition]?.additionalProperties).toBe(false);
  });

  const structures: Record<string, string[]> = {
    option: keys<Option>({ value: true, label: true, description: true, visibleIf: true }),
    optionSource: keys<OptionSource>({ reference: true, builtin: true, label: true, value: true }),
    optionCondition: keys<OptionCondition>({ option: true, equals: true }),
    computedValue: keys<ComputedValue>({ type: true, expression: true, description: true }),
    sizeLimit: keys<SizeLimit>({ value: true, unit: true }),
    uploadMessages: keys<UploadMessages>({ type: true, size: true, count: true, failed: true }),
    section: keys<Section>({
      id: true,
      headline: true,
      description: true,
      layout: true,
      display: true,
      modal: true,
      failureMessage: true,
      storageKey: true,
      storageFields: true,
      visibleIf: true,
      fields: true,
    }),
    step: keys<Step>({
      id: true,
      title: true,
      headline: true,
      subText: true,
      tooltip: true,
      includeIf: true,
      sections: true,
      fields: true,
      submit: true,
      failureMessage: true,
      labels: true,
      backButton: true,
    }),
    buttonLabels: keys<ButtonLabels>({ previous: true, next: true, done: true }),
    valueSource: keys<ValueSource>({
      from: true,
      const: true,
      storage: true,
      query: true,
      locale: true,
      format: true,
      as: true,
      map: true,
      otherwise: true,
      trim: true,
      omitIfEmpty: true,
    }),
    payloadMap: keys<PayloadMap>({
      mode: true,
      fields: true,
      omit: true,
      template: true,
      set: true,
      dateFormat: true,
      trimStrings: true,
    }),
    successRule: keys<SuccessRule>({ httpOk: true, httpStatus: true, field: true, values: true }),
    submitSettings: keys<SubmitSettings>({
      endpoint: true,
      messageMap: true,
      storeData: true,
      method: true,
      encoding: true,
      nested: true,
      auth: true,
      headers: true,
      payload: true,
      success: true,
      store: true,
      messageField: true,
      errorMessage: true,
      resultIdField: true,
      requiresStorage: true,
    }),
    draftSettings: keys<DraftSettings>({ storageKey: true, storage: true, resumePrompt: true, clearOnSuccess: true }),
    resultScreen: keys<ResultScreen>({
      status: true,
      title: true,
      mobileTitle: true,
      subTitle: true,
      showId: true,
      link: true,
    }),
    wizardSettings: keys<WizardSettings>({
      indicator: true,
      mobileIndicator: true,
      hideIndicatorOnFirstStep: true,
      mobileBreakpoint: true,
      mobileStepCount: true,
      labels: true,
      scrollToFirstError: true,
      doneRequires: true,
    }),
    formOption: keys<FormOption>({ type: true, default: true, description: true, enum: true }),
  };

  it.each(Object.entries(structures))('%s has the properties of its type', (definition, expected) => {
    expect(propertiesOf(definition)).toEqual(expected);
    expect(definitions[definition]?.additionalProperties).toBe(false);
  });

  it('the root has the properties of FormDefinition', () => {
    const expected = keys<FormDefinition>({
      $schema: true,
      id: true,
      title: true,
      version: true,
      description: true,
      options: true,
      texts: true,
      reference: true,
      computed: true,
      wizard: true,
      steps: true,
      submit: true,
      draft: true,
      results: true,
      source: true,
    });
    expect(sorted(Object.keys(schema.properties ?? {}))).toEqual(expected);
    expect(schema.required).toEqual(['id', 'title', 'version', 'steps']);
    expect(schema.additionalProperties).toBe(false);
  });
});

describe('kitchen-sink.form.json', () => {
  it('is valid', () => {
    const valid = validate(kitchenSink);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('refers to the meta-schema by its relative path', () => {
    expect(kitchenSink.$schema).toBe('../../../packages/core/src/dsl/dsl.schema.json');
  });

  it('uses every field type', () => {
    const used = new Set(allFields(kitchenSink).map((field) => field.type));
    expect(sorted(used)).toEqual(sorted(FIELD_TYPES));
  });

  it('uses every rule kind and every shape of date reference', () => {
    const rules = allFields(kitchenSink).flatMap((field) => field.rules ?? []);
    const kinds = new Set(rules.flatMap((rule) => Object.keys(rule).filter((key) => key !== 'message')));
    expect(sorted(kinds)).toEqual(sorted(RULE_KINDS));
    const dateRefs = rules.flatMap((rule) =>
      Object.entries(rule)
        .filter(([key]) => ['after', 'before', 'notBefore', 'notAfter'].includes(key))
        .map(([, value]) => (typeof value === 'string' ? value : Object.keys(value as object)[0])),
    );
    expect(sorted(new Set(dateRefs))).toEqual(['date', 'field', 'today']);
    expect(rules.some((rule) => typeof (rule as { after?: unknown }).after === 'string')).toBe(true);
  });

  it('uses every shape of condition, text and option source', () => {
    const conditionKeys = new Set<string>();
    const textShapes = new Set<string>();
    for (const [pointer, obj] of objectsOf(kitchenSink)) {
      if ('field' in obj && ['equals', 'notEquals', 'in', 'filled'].some((k) => k in obj)) {
        conditionKeys.add(Object.keys(obj).find((k) => k !== 'field') as string);
      }
      for (const k of ['all', 'any', 'not']) if (k in obj && !pointer.endsWith('/expression')) conditionKeys.add(k);
      if ('key' in obj && Object.keys(obj).length === 1) textShapes.add('key');
      if ('en' in obj) textShapes.add('localized');
    }
    expect(sorted(conditionKeys)).toEqual(sorted(['equals', 'notEquals', 'in', 'filled', 'all', 'any', 'not']));
    expect(sorted(textShapes)).toEqual(['key', 'localized']);
    const selects = allFields(kitchenSink).filter((f): f is SelectField | MultiSelectField =>
      ['select', 'multiselect'].includes(f.type),
    );
    const sources = selects.map((f) =>
      Array.isArray(f.options) ? 'list' : (f.options.builtin ?? (f.options.reference ? 'reference' : 'none')),
    );
    expect(sorted(new Set(sources))).toEqual(['countries', 'dialCodes', 'languages', 'list', 'reference']);
  });

  it('uses every value-source feature and payload mode', () => {
    const submits = [kitchenSink.submit, ...kitchenSink.steps.map((step) => step.submit)].filter(
      (s): s is SubmitSettings => s !== undefined,
    );
    const sources: ValueSource[] = submits.flatMap((s) => [
      ...Object.values(s.payload?.fields ?? {}).filter((v): v is ValueSource => typeof v === 'object'),
      ...(s.payload?.set ?? []),
      ...Object.values(s.headers ?? {}).filter((v): v is ValueSource => typeof v === 'object'),
    ]);
    const features = new Set(sources.flatMap((source) => Object.keys(source).filter((k) => k !== 'pointer')));
    expect(sorted(features)).toEqual(propertiesOf('valueSource'));
    expect(sorted(new Set(sources.map((s) => s.as).filter(Boolean) as string[]))).toEqual(
      sorted(definitions.valueSource?.properties?.as?.enum as string[]),
    );
    expect(sorted(new Set(submits.map((s) => s.payload?.mode ?? 'mapped')))).toEqual(['all', 'mapped', 'template']);
  });

  it('uses every property the meta-schema defines', () => {
    const defined = new Set<string>();
    for (const [pointer, node] of objectsOf(schema)) {
      if (!pointer.endsWith('/if') && node.properties && typeof node.properties === 'object') {
        for (const name of Object.keys(node.properties)) defined.add(name);
      }
    }
    const used = new Set<string>();
    for (const [, obj] of objectsOf(kitchenSink)) for (const key of Object.keys(obj)) used.add(key);
    // `$ref` (a shared part) is resolved before compiling, so the kitchen sink cannot use it
    expect([...defined].filter((name) => !used.has(name) && name !== '$ref')).toEqual([]);
  });

  it('selects the variant steps by form options', () => {
    const included = kitchenSink.steps.filter((step) => step.includeIf).map((step) => step.includeIf?.option);
    expect(sorted(included as string[])).toEqual(sorted(Object.keys(kitchenSink.options ?? {})));
  });
});

type Expected = { instancePath: string; keyword: string; params: Record<string, unknown> };

const invalid: Record<string, Expected> = {
  'unknown-field-type.form.json': {
    instancePath: '/steps/0/fields/1/type',
    keyword: 'enum',
    params: { allowedValues: [...FIELD_TYPES] },
  },
  'missing-name.form.json': {
    instancePath: '/steps/0/sections/0/fields/0',
    keyword: 'required',
    params: { missingProperty: 'name' },
  },
  'rule-two-keys.form.json': {
    instancePath: '/steps/0/fields/0/rules/1',
    keyword: 'oneOf',
    params: { passingSchemas: [RULE_KINDS.indexOf('minLength'), RULE_KINDS.indexOf('maxLength')] },
  },
  'typo-property.form.json': {
    instancePath: '/steps/0/fields/0',
    keyword: 'additionalProperties',
    params: { additionalProperty: 'lable' },
  },
  'typo-in-payer-item.form.json': {
    instancePath: '/steps/0/fields/0/itemFields/1',
    keyword: 'additionalProperties',
    params: { additionalProperty: 'requried' },
  },
  'bad-field-name.form.json': {
    instancePath: '/steps/0/fields/0/name',
    keyword: 'pattern',
    params: { pattern: '^[A-Za-z_][A-Za-z0-9_-]*$' },
  },
  'unknown-locale.form.json': {
    instancePath: '/steps/0/title',
    keyword: 'additionalProperties',
    params: { additionalProperty: 'it' },
  },
};

describe('invalid definitions', () => {
  it('has a fixture for each expectation and an expectation for each fixture', () => {
    expect(sorted(readdirSync(`${fixtures}/invalid`))).toEqual(sorted(Object.keys(invalid)));
  });

  it.each(Object.entries(invalid))('%s is rejected at the right place', (file, expected) => {
    const definition = readJson(`${fixtures}/invalid/${file}`) as { $schema?: string };
    expect(definition.$schema).toBe('../../../../packages/core/src/dsl/dsl.schema.json');
    expect(validate(definition)).toBe(false);
    const errors: ErrorObject[] = validate.errors ?? [];
    expect(errors).toContainEqual(expect.objectContaining(expected));
    // no error elsewhere: each one is at the culprit or at an object enclosing it
    const elsewhere = errors.filter(
      (e) => e.instancePath !== expected.instancePath && !expected.instancePath.startsWith(`${e.instancePath}/`),
    );
    expect(elsewhere).toEqual([]);
  });

  it('reports a missing field type once, without a cascade of field-type errors', () => {
    const definition = structuredClone(kitchenSink) as unknown as { steps: { fields?: Record<string, unknown>[] }[] };
    const field = definition.steps[1]?.fields?.[0] as Record<string, unknown>;
    delete field.type;
    expect(validate(definition)).toBe(false);
    expect((validate.errors ?? []).filter((e) => !isSharedPartError(e))).toEqual([
      expect.objectContaining({
        instancePath: '/steps/1/fields/0',
        keyword: 'required',
        params: { missingProperty: 'type' },
      }),
    ]);
  });

  it('checks the fields of a type against that type only', () => {
    const definition = structuredClone(kitchenSink) as unknown as { steps: { fields?: Record<string, unknown>[] }[] };
    // `valueShape: "code"` is a country option; on a place field it is not allowed
    const place = { name: 'birthPlace', type: 'place', valueShape: 'code' };
    definition.steps[1]?.fields?.push(place);
    expect(validate(definition)).toBe(false);
    const enumError = (validate.errors ?? []).find((e) => e.keyword === 'enum');
    expect(enumError?.instancePath).toBe('/steps/1/fields/10/valueShape');
    expect(enumError?.params).toEqual({ allowedValues: ['text', 'cityState', 'cityStateCountry'] });
  });

  it('rejects an invalid regular expression in a pattern rule', () => {
    const definition = structuredClone(kitchenSink);
    const field = definition.steps[1]?.fields?.find((f) => f.name === 'passportNumber') as TextField;
    field.rules = [{ pattern: '^[A-Z' }];
    expect(validate(definition)).toBe(false);
    expect(validate.errors).toContainEqual(
      expect.objectContaining({ instancePath: '/steps/1/fields/3/rules/0/pattern', keyword: 'format' }),
    );
  });

  it('rejects a condition that mixes two shapes', () => {
    const definition = structuredClone(kitchenSink);
    const section = definition.steps[3]?.sections?.[1] as Section;
    section.visibleIf = { field: 'isMinor', equals: true, filled: true } as unknown as Section['visibleIf'];
    expect(validate(definition)).toBe(false);
    expect(validate.errors).toContainEqual(
      expect.objectContaining({ instancePath: '/steps/3/sections/1/visibleIf', keyword: 'oneOf' }),
    );
  });
});
