/**
 * When a field shows: always, or when another field "is / is not / is one of" a value. The pickers list the form's
 * fields and, for a field with options, its options; a condition the pickers cannot show (all / any / not, filled,
 * form options) is named as such and left to the JSON view.
 */

import {
  type FieldSummary,
  fromSimpleCondition,
  type SimpleCondition,
  type SimpleOperator,
  toSimpleCondition,
} from '@antrag/core/builder';
import type { Condition, JsonValue } from '@antrag/core/dsl/types';
import { Alert, Button, Input, Select } from 'antd';
import { useId, useState } from 'react';
import { useStudioT } from '../i18n.js';

const BOOLEAN_TYPES = new Set(['checkbox', 'switch', 'agreement']);
const NUMBER_TYPES = new Set(['number', 'currency', 'rate']);

interface ConditionBuilderProps {
  /** The field whose condition this is (never offered as its own condition's field). */
  self: string;
  fields: FieldSummary[];
  condition: Condition | undefined;
  onChange(condition: Condition | undefined): void;
  onOpenJson(): void;
}

/** A value of the chosen field's kind: its first option, `true` for a checkbox, else empty text. */
function firstValue(field: FieldSummary | undefined, operator: SimpleOperator): JsonValue {
  if (operator === 'isOneOf') return field?.options?.[0] ? [field.options[0].value] : [];
  if (field?.options?.[0]) return field.options[0].value;
  if (field && BOOLEAN_TYPES.has(field.type)) return true;
  return '';
}

export function ConditionBuilder({ self, fields, condition, onChange, onOpenJson }: ConditionBuilderProps) {
  const t = useStudioT();
  const ids = { when: useId(), field: useId(), operator: useId(), value: useId() };
  const simple = toSimpleCondition(condition);
  // "only when" chosen but no field picked yet: nothing valid to write, so it waits here
  const [pending, setPending] = useState(false);
  const others = fields.filter((f) => f.name !== self);

  if (simple === 'complex') {
    return (
      <Alert
        type="info"
        showIcon
        title={t('builder.condition.complex')}
        action={
          <span className="antrag-studio-actions">
            <Button size="small" onClick={onOpenJson}>
              {t('builder.openJson')}
            </Button>
            <Button size="small" danger onClick={() => onChange(undefined)}>
              {t('builder.condition.remove')}
            </Button>
          </span>
        }
      />
    );
  }

  const active = !!simple || pending;
  const chosen = simple ? others.find((f) => f.name === simple.field.split('.')[0]) : undefined;
  const write = (next: SimpleCondition) => {
    setPending(false);
    onChange(fromSimpleCondition(next));
  };

  return (
    <fieldset className="antrag-builder-condition">
      <legend>{t('builder.condition.title')}</legend>
      <label htmlFor={ids.when} className="antrag-builder-label">
        {t('builder.condition.when')}
      </label>
      <Select
        id={ids.when}
        value={active ? 'when' : 'always'}
        style={{ width: '100%' }}
        onChange={(v: string) => {
          if (v === 'always') {
            setPending(false);
            onChange(undefined);
          } else setPending(true);
        }}
        options={[
          { value: 'always', label: t('builder.condition.always') },
          { value: 'when', label: t('builder.condition.onlyWhen') },
        ]}
      />
      {active ? (
        <div className="antrag-builder-condition-row">
          <div>
            <label htmlFor={ids.field} className="antrag-builder-label">
              {t('builder.condition.field')}
            </label>
            <Select
              id={ids.field}
              value={simple?.field}
              placeholder={t('builder.condition.pickField')}
              style={{ width: '100%' }}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent={t('builder.condition.noFields')}
              onChange={(name: string) => {
                const field = others.find((f) => f.name === name);
                const operator = simple?.operator ?? 'is';
                write({ field: name, operator, value: firstValue(field, operator) });
              }}
              options={others.map((f) => ({
                value: f.name,
                label: f.label ? `${f.label} (${f.name})` : f.name,
              }))}
            />
          </div>
          {simple && !chosen ? (
            <p className="antrag-builder-error" role="alert">
              {t('builder.condition.missingField', { name: simple.field })}
            </p>
          ) : null}
          {simple ? (
            <>
              <div>
                <label htmlFor={ids.operator} className="antrag-builder-label">
                  {t('builder.condition.operator')}
                </label>
                <Select
                  id={ids.operator}
                  value={simple.operator}
                  style={{ width: '100%' }}
                  onChange={(operator: SimpleOperator) =>
                    write({ field: simple.field, operator, value: convert(simple.value, operator, chosen) })
                  }
                  options={[
                    { value: 'is', label: t('builder.condition.is') },
                    { value: 'isNot', label: t('builder.condition.isNot') },
                    { value: 'isOneOf', label: t('builder.condition.isOneOf') },
                  ]}
                />
              </div>
              <div>
                <label htmlFor={ids.value} className="antrag-builder-label">
                  {t('builder.condition.value')}
                </label>
                <ValuePicker
                  id={ids.value}
                  field={chosen}
                  condition={simple}
                  onChange={(value) => write({ ...simple, value })}
                />
              </div>
            </>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

/** A value kept across a change of operator: one value becomes a list of one, a list its first entry. */
function convert(value: JsonValue, operator: SimpleOperator, field: FieldSummary | undefined): JsonValue {
  if (operator === 'isOneOf') return Array.isArray(value) ? value : value === '' ? [] : [value];
  if (Array.isArray(value)) return value[0] ?? firstValue(field, operator);
  return value;
}

function ValuePicker({
  id,
  field,
  condition,
  onChange,
}: {
  id: string;
  field: FieldSummary | undefined;
  condition: SimpleCondition;
  onChange(value: JsonValue): void;
}) {
  const t = useStudioT();
  const many = condition.operator === 'isOneOf';
  const options = field?.options;
  if (options?.length) {
    // option values may be numbers or booleans: the picker works on their JSON text and gives the value back
    const byKey = new Map(options.map((o) => [JSON.stringify(o.value), o.value]));
    const keyOf = (v: JsonValue) => JSON.stringify(v);
    const pickerOptions = options.map((o) => ({ value: keyOf(o.value), label: o.label || String(o.value) }));
    return many ? (
      <Select
        id={id}
        mode="multiple"
        style={{ width: '100%' }}
        value={(Array.isArray(condition.value) ? condition.value : []).map(keyOf)}
        onChange={(keys: string[]) => onChange(keys.map((k) => byKey.get(k) ?? k))}
        options={pickerOptions}
      />
    ) : (
      <Select
        id={id}
        style={{ width: '100%' }}
        value={keyOf(condition.value)}
        onChange={(k: string) => onChange(byKey.get(k) ?? k)}
        options={pickerOptions}
      />
    );
  }
  if (field && BOOLEAN_TYPES.has(field.type) && !many) {
    return (
      <Select
        id={id}
        style={{ width: '100%' }}
        value={condition.value === true ? 'true' : 'false'}
        onChange={(v: string) => onChange(v === 'true')}
        options={[
          { value: 'true', label: t('builder.condition.checked') },
          { value: 'false', label: t('builder.condition.unchecked') },
        ]}
      />
    );
  }
  const asNumber = !!field && NUMBER_TYPES.has(field.type);
  const parse = (raw: string): JsonValue => {
    if (!asNumber) return raw;
    const n = Number(raw.replace(',', '.'));
    return raw.trim() !== '' && Number.isFinite(n) ? n : raw;
  };
  if (many) {
    // free values, one tag each (typed, then Enter)
    return (
      <Select
        id={id}
        mode="tags"
        style={{ width: '100%' }}
        placeholder={t('builder.condition.listHint')}
        value={(Array.isArray(condition.value) ? condition.value : []).map(String)}
        onChange={(values: string[]) => onChange(values.map((v) => parse(v.slice(0, 500))))}
        open={false}
        suffixIcon={null}
      />
    );
  }
  const text = Array.isArray(condition.value) || condition.value === null ? '' : String(condition.value);
  return <Input id={id} value={text} maxLength={500} onChange={(e) => onChange(parse(e.target.value))} />;
}
