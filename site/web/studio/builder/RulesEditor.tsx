/**
 * A field's rules: which check (by its human name), its setting (a length, a pattern, another field, a date), and
 * the message shown when it fails: the rule's standard text, one of the shared catalogue's messages (translated
 * already), or the staffer's own words.
 */

import { type FieldSummary, textIn, withText } from '@antrag/core/builder';
import type { DateRef, Locale, Rule, RuleKind, Text } from '@antrag/core/dsl/types';
import { RULE_KINDS } from '@antrag/core/dsl/types';
import { catalogues } from '@antrag/core/i18n/catalogue';
import { Button, Input, InputNumber, Select } from 'antd';
import { useId } from 'react';
import { type StudioKey, type StudioT, useStudioT } from '../i18n.js';

type RuleSetting = 'none' | 'number' | 'text' | 'field' | 'date' | 'boolean';

const SETTING: Record<RuleKind, RuleSetting> = {
  pattern: 'text',
  minLength: 'number',
  maxLength: 'number',
  min: 'number',
  max: 'number',
  wholeNumber: 'none',
  letters: 'none',
  email: 'none',
  plainText: 'boolean',
  sameAs: 'field',
  requires: 'field',
  postalCodeFor: 'field',
  phoneFor: 'field',
  after: 'date',
  before: 'date',
  notBefore: 'date',
  notAfter: 'date',
};

const MAX_RULES = 50;

const TEXT_RULES: RuleKind[] = ['pattern', 'minLength', 'maxLength', 'letters', 'email', 'plainText', 'postalCodeFor'];
const NUMBER_RULES: RuleKind[] = ['min', 'max', 'wholeNumber'];
const DATE_RULES: RuleKind[] = ['after', 'before', 'notBefore', 'notAfter'];
const ANY_FIELD: RuleKind[] = ['sameAs', 'requires'];

/** The rules that mean something for a field type (a date has no length, a checkbox no pattern). */
export function rulesFor(type: string): RuleKind[] {
  if (['text', 'email', 'textarea', 'place', 'universitySelect', 'programSelect', 'locationSelect'].includes(type)) {
    return [...TEXT_RULES, ...ANY_FIELD];
  }
  if (type === 'phone') return ['phoneFor', ...ANY_FIELD];
  if (type === 'number' || type === 'currency' || type === 'rate') return [...NUMBER_RULES, ...ANY_FIELD];
  if (type === 'date' || type === 'month') return [...DATE_RULES, ...ANY_FIELD];
  return ANY_FIELD;
}

/** The kind of a rule: its one key besides `message`. */
export function ruleKind(rule: Rule): RuleKind | undefined {
  return RULE_KINDS.find((k) => k in rule);
}

/** A rule of a kind with a setting (the kind names the rule's one key). */
const ruleOf = (kind: RuleKind, setting: unknown): Rule => ({ [kind]: setting }) as unknown as Rule;

/** A new rule of a kind, with a setting that passes the compiler. */
function newRule(kind: RuleKind, fields: FieldSummary[]): Rule {
  switch (SETTING[kind]) {
    case 'number':
      return ruleOf(kind, kind === 'min' ? 0 : 1);
    case 'text':
      return { pattern: '^.*$' };
    case 'field':
      return ruleOf(kind, fields[0]?.name ?? '');
    case 'date':
      return ruleOf(kind, 'today');
    case 'boolean':
      return { plainText: true };
    default:
      return ruleOf(kind, true);
  }
}

/** The shared catalogue's validation messages: `validation.<key>` → English text (those a rule can show). */
function catalogueMessages(): Array<{ key: string; text: string }> {
  const validation = catalogues.en.validation;
  if (!validation || typeof validation === 'string') return [];
  return Object.entries(validation)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !entry[1].includes('{{pointer}}'))
    .map(([key, text]) => ({ key: `validation.${key}`, text }));
}

export function RulesEditor({
  rules,
  self,
  type,
  fields,
  locale,
  onChange,
}: {
  rules: Rule[];
  self: string;
  /** The field's type: only the rules that mean something for it are offered. */
  type: string;
  fields: FieldSummary[];
  locale: Locale;
  onChange(rules: Rule[] | undefined): void;
}) {
  const t = useStudioT();
  const addId = useId();
  const others = fields.filter((f) => f.name !== self);
  const set = (index: number, rule: Rule) => onChange(rules.map((r, i) => (i === index ? rule : r)));
  const kindName = (kind: RuleKind) => t(`builder.rule.${kind}` as StudioKey);
  return (
    <fieldset className="antrag-builder-rules">
      <legend>{t('builder.rules.title')}</legend>
      {rules.length === 0 ? <p className="antrag-builder-hint">{t('builder.rules.none')}</p> : null}
      <ol className="antrag-builder-rule-list">
        {rules.map((rule, index) => {
          const kind = ruleKind(rule);
          const key = `${index}`;
          return (
            <li key={key} className="antrag-builder-rule">
              {kind ? (
                <RuleRow
                  rule={rule}
                  kind={kind}
                  name={kindName(kind)}
                  fields={others}
                  locale={locale}
                  t={t}
                  onChange={(next) => set(index, next)}
                />
              ) : (
                <p>{t('builder.rules.unknown')}</p>
              )}
              <Button
                size="small"
                danger
                aria-label={t('builder.deleteNamed', { name: kind ? kindName(kind) : String(index + 1) })}
                onClick={() => {
                  const next = rules.filter((_, i) => i !== index);
                  onChange(next.length ? next : undefined);
                }}
              >
                {t('builder.delete')}
              </Button>
            </li>
          );
        })}
      </ol>
      <label htmlFor={addId} className="antrag-builder-label">
        {t('builder.rules.add')}
      </label>
      <Select
        id={addId}
        value={null}
        placeholder={t('builder.rules.choose')}
        style={{ width: '100%' }}
        disabled={rules.length >= MAX_RULES}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(kind: RuleKind) => onChange([...rules, newRule(kind, others)])}
        options={rulesFor(type).map((k) => ({ value: k, label: kindName(k) }))}
      />
    </fieldset>
  );
}

function RuleRow({
  rule,
  kind,
  name,
  fields,
  locale,
  t,
  onChange,
}: {
  rule: Rule;
  kind: RuleKind;
  name: string;
  fields: FieldSummary[];
  locale: Locale;
  t: StudioT;
  onChange(rule: Rule): void;
}) {
  const ids = { setting: useId(), message: useId(), own: useId() };
  const value = (rule as unknown as Record<string, unknown>)[kind];
  const setting = SETTING[kind];
  const withValue = (v: unknown) => ({ ...rule, [kind]: v }) as Rule;
  const message = rule.message;
  const source =
    message === undefined ? 'standard' : typeof message === 'object' && 'key' in message ? message.key : 'own';
  const messages = catalogueMessages();

  return (
    <div className="antrag-builder-rule-body">
      <p className="antrag-builder-rule-name">{name}</p>
      {setting === 'number' ? (
        <>
          <label htmlFor={ids.setting} className="antrag-builder-label">
            {t('builder.rules.setting')}
          </label>
          <InputNumber
            id={ids.setting}
            value={typeof value === 'number' ? value : undefined}
            min={kind === 'min' || kind === 'max' ? undefined : 0}
            max={kind === 'minLength' || kind === 'maxLength' ? 100_000 : undefined}
            onChange={(n) => typeof n === 'number' && onChange(withValue(n))}
          />
        </>
      ) : setting === 'text' ? (
        <>
          <label htmlFor={ids.setting} className="antrag-builder-label">
            {t('builder.rules.pattern')}
          </label>
          <Input
            id={ids.setting}
            value={typeof value === 'string' ? value : ''}
            maxLength={1000}
            spellCheck={false}
            onChange={(e) => onChange(withValue(e.target.value))}
          />
        </>
      ) : setting === 'field' ? (
        <>
          <label htmlFor={ids.setting} className="antrag-builder-label">
            {t('builder.rules.field')}
          </label>
          <Select
            id={ids.setting}
            value={typeof value === 'string' && value ? value : undefined}
            style={{ width: '100%' }}
            onChange={(v: string) => onChange(withValue(v))}
            options={fields.map((f) => ({ value: f.name, label: f.label ? `${f.label} (${f.name})` : f.name }))}
          />
        </>
      ) : setting === 'date' ? (
        <DateSetting
          id={ids.setting}
          value={value as DateRef}
          fields={fields}
          t={t}
          onChange={(v) => onChange(withValue(v))}
        />
      ) : setting === 'boolean' ? (
        <>
          <label htmlFor={ids.setting} className="antrag-builder-label">
            {t('builder.rules.setting')}
          </label>
          <Select
            id={ids.setting}
            value={value === false ? 'false' : 'true'}
            style={{ width: '100%' }}
            onChange={(v: string) => onChange(withValue(v === 'true'))}
            options={[
              { value: 'true', label: t('builder.rules.on') },
              { value: 'false', label: t('builder.rules.off') },
            ]}
          />
        </>
      ) : null}
      <label htmlFor={ids.message} className="antrag-builder-label">
        {t('builder.rules.message')}
      </label>
      <Select
        id={ids.message}
        value={source}
        style={{ width: '100%' }}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(v: string) => {
          const { message: _old, ...rest } = rule;
          if (v === 'standard') onChange(rest as Rule);
          else if (v === 'own') onChange({ ...rest, message: withText(undefined, 'en', '') } as Rule);
          else onChange({ ...rest, message: { key: v } } as Rule);
        }}
        options={[
          { value: 'standard', label: t('builder.rules.standard') },
          { value: 'own', label: t('builder.rules.own') },
          ...messages.map((m) => ({ value: m.key, label: m.text })),
        ]}
      />
      {source === 'own' ? (
        <>
          <label htmlFor={ids.own} className="antrag-builder-label">
            {t('builder.rules.ownText')}
          </label>
          <Input
            id={ids.own}
            value={textIn(message as Text, locale)}
            maxLength={500}
            onChange={(e) => onChange({ ...rule, message: withText(message as Text, locale, e.target.value) } as Rule)}
          />
        </>
      ) : null}
    </div>
  );
}

/** A date rule's bound: today, another date field, or a fixed date; relative bounds are shown as they are written. */
function DateSetting({
  id,
  value,
  fields,
  t,
  onChange,
}: {
  id: string;
  value: DateRef;
  fields: FieldSummary[];
  t: StudioT;
  onChange(value: DateRef): void;
}) {
  const secondId = useId();
  const mode =
    value === 'today'
      ? 'today'
      : typeof value === 'object' && value && 'field' in value
        ? 'field'
        : typeof value === 'object' && value && 'date' in value
          ? 'date'
          : 'relative';
  const dateFields = fields.filter((f) => f.type === 'date' || f.type === 'month');
  return (
    <>
      <label htmlFor={id} className="antrag-builder-label">
        {t('builder.rules.dateBound')}
      </label>
      <Select
        id={id}
        value={mode}
        style={{ width: '100%' }}
        onChange={(m: string) => {
          if (m === 'today') onChange('today');
          else if (m === 'field') onChange({ field: dateFields[0]?.name ?? '' });
          else if (m === 'date') onChange({ date: new Date().toISOString().slice(0, 10) });
        }}
        options={[
          { value: 'today', label: t('builder.rules.today') },
          { value: 'field', label: t('builder.rules.otherDate'), disabled: dateFields.length === 0 },
          { value: 'date', label: t('builder.rules.fixedDate') },
          ...(mode === 'relative' ? [{ value: 'relative', label: JSON.stringify(value) }] : []),
        ]}
      />
      {mode === 'field' ? (
        <>
          <label htmlFor={secondId} className="antrag-builder-label">
            {t('builder.rules.field')}
          </label>
          <Select
            id={secondId}
            value={(value as { field: string }).field || undefined}
            style={{ width: '100%' }}
            onChange={(v: string) => onChange({ field: v })}
            options={dateFields.map((f) => ({ value: f.name, label: f.label || f.name }))}
          />
        </>
      ) : mode === 'date' ? (
        <>
          <label htmlFor={secondId} className="antrag-builder-label">
            {t('builder.rules.fixedDate')}
          </label>
          <Input
            id={secondId}
            type="date"
            value={(value as { date: string }).date}
            onChange={(e) => e.target.value && onChange({ date: e.target.value })}
          />
        </>
      ) : null}
    </>
  );
}
