/**
 * The selected field's properties: label, name (derived from the label until typed by hand; renaming updates every
 * reference), required, placeholder, help text, the type's own settings, options, rules and when it shows.
 */

import {
  FIELD_NAME_MAX_LENGTH,
  type FieldSummary,
  fieldNameProblem,
  MAX_TEXT_LENGTH,
  type NameProblem,
  referencesTo,
  textIn,
  withText,
} from '@antrag/core/builder';
import type { Condition, Field, FormDefinition, Locale, Option, Rule, SizeLimit, Text } from '@antrag/core/dsl/types';
import { Alert, Button, Checkbox, Input, InputNumber, Select } from 'antd';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type StudioKey, useStudioT } from '../i18n.js';
import { ConditionBuilder } from './ConditionBuilder.js';
import { typeName } from './FieldPalette.js';
import { OptionsEditor } from './OptionsEditor.js';
import { RulesEditor } from './RulesEditor.js';

/** Most characters of a one-line text (a label, a placeholder): the count shows as it nears the end. */
const MAX_LINE = 1000;
const TEXT_TYPES = new Set(['text', 'email', 'textarea', 'place']);
const NO_PLACEHOLDER = new Set(['checkbox', 'switch', 'agreement', 'info', 'upload', 'passportUpload', 'faceCapture']);
const UPLOAD_TYPES = new Set(['upload', 'passportUpload']);

export interface PropertyPanelProps {
  definition: FormDefinition;
  field: Field;
  fields: FieldSummary[];
  locale: Locale;
  onLabel(label: string): void;
  onPatch(patch: Record<string, unknown>): void;
  /** Renames the field (every reference follows). */
  onRename(name: string): void;
  onRemove(): void;
  onDuplicate(): void;
  /** The steps' titles, for "Move to step"; `step` is the field's own. */
  steps: string[];
  step: number;
  onMoveToStep(step: number): void;
  onMove(delta: -1 | 1): void;
  canMove: { up: boolean; down: boolean };
  onOpenJson(): void;
}

export function PropertyPanel(props: PropertyPanelProps) {
  const { definition, field, fields, locale, onLabel, onPatch, onRename, onRemove, onMove, canMove, onOpenJson } =
    props;
  const moveToId = useId();
  const t = useStudioT();
  const headingId = useId();
  const label = textIn(field.label, locale);
  const typeLabel = typeName(t, field.type);
  const textProp = (key: keyof Field & string) => ({
    value: textIn((field as unknown as Record<string, Text | undefined>)[key], locale),
    onChange: (value: string) => {
      const current = (field as unknown as Record<string, Text | undefined>)[key];
      onPatch({
        [key]:
          value === '' && (current === undefined || typeof current === 'string')
            ? undefined
            : withText(current, locale, value),
      });
    },
  });
  const options = (field as { options?: Option[] | object }).options;
  // a field other places name: how many, while the staffer is asked whether to delete it anyway
  const [confirming, setConfirming] = useState(0);
  // another field selected: no question about the one before stays open
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of field resets it
  useEffect(() => setConfirming(0), [field.name]);

  return (
    <section className="antrag-builder-properties" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t('builder.properties.title', { name: label || field.name })}{' '}
        <span className="antrag-builder-type">{typeLabel}</span>
      </h2>
      <TextRow
        id="label"
        label={t('builder.properties.label')}
        value={label}
        placeholder={locale !== 'en' ? textIn(field.label, 'en') : undefined}
        onChange={onLabel}
      />
      <NameRow definition={definition} name={field.name} onRename={onRename} />
      {field.type !== 'info' ? (
        <Checkbox
          checked={field.required === true}
          onChange={(e) => onPatch({ required: e.target.checked || undefined })}
        >
          {t('builder.properties.required')}
        </Checkbox>
      ) : null}
      {NO_PLACEHOLDER.has(field.type) ? null : (
        <TextRow id="placeholder" label={t('builder.properties.placeholder')} {...textProp('placeholder')} />
      )}
      <TextRow id="description" label={t('builder.properties.help')} multiline {...textProp('description')} />
      {'content' in field ? (
        <TextRow
          id="content"
          label={t('builder.properties.content')}
          multiline
          {...textProp('content' as keyof Field & string)}
        />
      ) : null}
      <TypeSettings field={field} onPatch={onPatch} />
      {Array.isArray(options) ? (
        <OptionsEditor options={options} locale={locale} onChange={(next) => onPatch({ options: next })} />
      ) : options ? (
        <p className="antrag-builder-hint">{t('builder.options.fromList')}</p>
      ) : null}
      {field.type !== 'info' ? (
        <RulesEditor
          rules={field.rules ?? []}
          self={field.name}
          type={field.type}
          fields={fields}
          locale={locale}
          onChange={(rules: Rule[] | undefined) => onPatch({ rules })}
        />
      ) : null}
      <ConditionBuilder
        key={field.name}
        self={field.name}
        fields={fields}
        condition={field.visibleIf}
        onChange={(visibleIf: Condition | undefined) => onPatch({ visibleIf })}
        onOpenJson={onOpenJson}
      />
      <div className="antrag-builder-row-actions antrag-builder-field-actions">
        <Button
          data-field-move="up"
          aria-label={t('builder.moveUpNamed', { name: label || field.name })}
          aria-disabled={!canMove.up}
          className={!canMove.up ? 'is-unavailable' : undefined}
          onClick={() => {
            if (canMove.up) onMove(-1);
          }}
        >
          {t('builder.moveUp')}
        </Button>
        <Button
          data-field-move="down"
          aria-label={t('builder.moveDownNamed', { name: label || field.name })}
          aria-disabled={!canMove.down}
          className={!canMove.down ? 'is-unavailable' : undefined}
          onClick={() => {
            if (canMove.down) onMove(1);
          }}
        >
          {t('builder.moveDown')}
        </Button>
        <Button aria-label={t('builder.duplicateNamed', { name: label || field.name })} onClick={props.onDuplicate}>
          {t('builder.duplicate')}
        </Button>
        <Button
          danger
          aria-label={t('builder.deleteFieldNamed', { name: label || field.name })}
          onClick={() => {
            const references = referencesTo(definition, field.name).length;
            if (references === 0) onRemove();
            else setConfirming(references);
          }}
        >
          {t('builder.properties.delete')}
        </Button>
      </div>
      {props.steps.length > 1 ? (
        <div className="antrag-builder-row">
          <label htmlFor={moveToId} className="antrag-builder-label">
            {t('builder.moveToStep')}
          </label>
          <Select
            id={moveToId}
            value={props.step}
            style={{ width: '100%' }}
            onChange={(to: number) => props.onMoveToStep(to)}
            options={props.steps.map((title, i) => ({ value: i, label: `${i + 1}. ${title}` }))}
          />
        </div>
      ) : null}
      {confirming ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t.count('builder.properties.deleteReferenced', confirming, { name: field.name })}
          action={
            <span className="antrag-builder-row-actions">
              <Button size="small" danger onClick={onRemove}>
                {t('builder.properties.deleteAnyway')}
              </Button>
              <Button size="small" onClick={() => setConfirming(0)}>
                {t('builder.cancel')}
              </Button>
            </span>
          }
        />
      ) : null}
    </section>
  );
}

function TextRow({
  id,
  label,
  value,
  placeholder,
  multiline,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  placeholder?: string;
  multiline?: boolean;
  onChange(value: string): void;
}) {
  const inputId = `antrag-builder-${id}`;
  return (
    <div className="antrag-builder-row">
      <label htmlFor={inputId} className="antrag-builder-label">
        {label}
      </label>
      {multiline ? (
        <Input.TextArea
          id={inputId}
          value={value}
          placeholder={placeholder}
          maxLength={MAX_TEXT_LENGTH}
          showCount={value.length > MAX_TEXT_LENGTH - 500}
          autoSize={{ minRows: 2, maxRows: 8 }}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <Input
          id={inputId}
          value={value}
          placeholder={placeholder}
          maxLength={MAX_LINE}
          showCount={value.length > MAX_LINE - 100}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}

const PROBLEM_KEY: Record<NameProblem, StudioKey> = {
  empty: 'builder.name.empty',
  pattern: 'builder.name.pattern',
  reserved: 'builder.name.reserved',
  taken: 'builder.name.taken',
  tooLong: 'builder.name.tooLong',
};

/** The field's name: typed freely, checked as typed, applied (with every reference) on Enter or leaving the box. */
function NameRow({
  definition,
  name,
  onRename,
}: {
  definition: FormDefinition;
  name: string;
  onRename(name: string): void;
}) {
  const t = useStudioT();
  const [draft, setDraft] = useState(name);
  const errorId = useId();
  useEffect(() => setDraft(name), [name]);
  const problem = draft === name ? undefined : fieldNameProblem(definition, draft, name);
  const apply = () => {
    if (draft !== name && !problem) onRename(draft);
  };
  return (
    <div className="antrag-builder-row">
      <label htmlFor="antrag-builder-name" className="antrag-builder-label">
        {t('builder.properties.name')}
      </label>
      <Input
        id="antrag-builder-name"
        value={draft}
        maxLength={FIELD_NAME_MAX_LENGTH + 1}
        spellCheck={false}
        status={problem ? 'error' : undefined}
        aria-invalid={!!problem}
        aria-describedby={problem ? errorId : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
          if (e.key === 'Escape') setDraft(name);
        }}
      />
      {problem ? (
        <p id={errorId} className="antrag-builder-error" role="alert">
          {t(PROBLEM_KEY[problem], { name: draft, max: FIELD_NAME_MAX_LENGTH })}
        </p>
      ) : (
        <p className="antrag-builder-hint">{t('builder.name.hint')}</p>
      )}
    </div>
  );
}

/** Settings only some types have: accepted files and size of an upload, a number's bounds, a text's length. */
function TypeSettings({ field, onPatch }: { field: Field; onPatch(patch: Record<string, unknown>): void }) {
  const t = useStudioT();
  const rows: ReactNode[] = [];
  const record = field as unknown as Record<string, unknown>;
  const numberRow = (key: string, label: string, min?: number, max?: number) =>
    rows.push(
      <div className="antrag-builder-row" key={key}>
        <label htmlFor={`antrag-builder-${key}`} className="antrag-builder-label">
          {label}
        </label>
        <InputNumber
          id={`antrag-builder-${key}`}
          value={typeof record[key] === 'number' ? (record[key] as number) : null}
          min={min}
          max={max}
          onChange={(n) => onPatch({ [key]: typeof n === 'number' ? n : undefined })}
        />
      </div>,
    );
  if (field.type === 'select') {
    rows.push(
      <div className="antrag-builder-row" key="display">
        <label htmlFor="antrag-builder-display" className="antrag-builder-label">
          {t('builder.properties.display')}
        </label>
        <Select
          id="antrag-builder-display"
          value={field.display ?? 'dropdown'}
          style={{ width: '100%' }}
          onChange={(display: string) => onPatch({ display: display === 'dropdown' ? undefined : display })}
          options={(['dropdown', 'radio', 'buttons', 'searchable'] as const).map((d) => ({
            value: d,
            label: t(`builder.display.${d}` as StudioKey),
          }))}
        />
      </div>,
    );
  }
  if (TEXT_TYPES.has(field.type)) numberRow('maxLength', t('builder.properties.maxLength'), 1, 100_000);
  if (field.type === 'textarea') numberRow('rows', t('builder.properties.rows'), 1, 40);
  if (field.type === 'number' || field.type === 'currency') {
    numberRow('min', t('builder.properties.min'));
    numberRow('max', t('builder.properties.max'));
  }
  if (UPLOAD_TYPES.has(field.type)) {
    const accept = Array.isArray(record.accept) ? (record.accept as string[]) : [];
    const maxSize = record.maxSize as SizeLimit | undefined;
    rows.push(
      <div className="antrag-builder-row" key="accept">
        <label htmlFor="antrag-builder-accept" className="antrag-builder-label">
          {t('builder.properties.accept')}
        </label>
        <Select
          id="antrag-builder-accept"
          mode="tags"
          value={accept}
          style={{ width: '100%' }}
          onChange={(values: string[]) =>
            onPatch({ accept: values.length ? values.map((v) => v.trim().slice(0, 100)).filter(Boolean) : undefined })
          }
          options={['.pdf', '.jpg', '.jpeg', '.png', '.heic', 'image/*'].map((v) => ({ value: v, label: v }))}
        />
      </div>,
      <div className="antrag-builder-row" key="maxSize">
        <label htmlFor="antrag-builder-maxSize" className="antrag-builder-label">
          {t('builder.properties.maxSizeMb')}
        </label>
        <InputNumber
          id="antrag-builder-maxSize"
          min={0.1}
          max={100}
          step={0.5}
          value={
            maxSize
              ? maxSize.unit === 'MB'
                ? maxSize.value
                : maxSize.unit === 'KB'
                  ? maxSize.value / 1000
                  : maxSize.value / 1e6
              : null
          }
          onChange={(n) => onPatch({ maxSize: typeof n === 'number' ? { value: n, unit: 'MB' } : undefined })}
        />
      </div>,
    );
    numberRow('maxFiles', t('builder.properties.maxFiles'), 1, 20);
  }
  return <>{rows}</>;
}
