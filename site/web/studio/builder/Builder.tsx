/**
 * The builder: the form's steps, the fields of the chosen step, "Add field" and the selected field's properties.
 * It edits the same JSON text as the JSON view (every change is one undoable edit of that text), so the two never
 * disagree; a text that is not a form's JSON is left to the JSON view to mend.
 */

import {
  addField,
  addStep,
  duplicateField,
  fieldNameFromLabel,
  fieldsOfStep,
  listFields,
  moveField,
  moveFieldToStep,
  moveStep,
  type PaletteEntry,
  removeField,
  removeStep,
  renameField,
  renameStep,
  textIn,
  updateField,
  withText,
} from '@antrag/core/builder';
import { type FormDefinition, LOCALES, type Locale } from '@antrag/core/dsl/types';
import { importCms } from '@antrag/core/import';
import { Alert, Button, Input, Select } from 'antd';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { LANGUAGE_NAMES, type StudioKey, useStudioT } from '../i18n.js';
import { jsonText } from '../templates.js';
import { FieldPalette, paletteId, typeName } from './FieldPalette.js';
import { useFocusAfterRender } from './focusAfterRender.js';
import { PropertyPanel } from './PropertyPanel.js';
import { StepsList, stepTitle } from './StepsList.js';
import { type BuilderSelection, keepSelection, parseDefinition } from './selection.js';

export interface BuilderProps {
  /** The form's JSON text, as the JSON view holds it. */
  text: string;
  /** A new text (one undoable edit in the JSON view). */
  onText(text: string): void;
  /** Undoes the last edit (the JSON view's history). */
  onUndo(): void;
  selection: BuilderSelection;
  onSelect(selection: BuilderSelection): void;
  /** Switches to the JSON view (for what the builder cannot show). */
  onOpenJson(): void;
}

interface Undoable {
  text: string;
}

export function Builder({ text, onText, onUndo, selection, onSelect, onOpenJson }: BuilderProps) {
  const t = useStudioT();
  const parsed = useMemo(() => parseDefinition(text), [text]);
  const [locale, setLocale] = useState<Locale>('en');
  const [palette, setPalette] = useState(false);
  const [undoable, setUndoable] = useState<Undoable | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  // fields added here whose name still follows their label (until the name is typed by hand)
  const autoNamed = useRef(new Set<string>());
  const focusLabel = useRef(false);
  const localeId = useId();
  const titleId = useId();
  const fieldsHeadingId = useId();
  const addFieldButton = useRef<HTMLButtonElement>(null);
  // where the focus goes once the change has been drawn (a moved row, a renamed step, the steps after a deletion)
  const pendingFocus = useFocusAfterRender();
  const stepRow = (id: string) =>
    document.querySelector<HTMLElement>(`[data-step-row="${id.replace(/["\\]/g, '\\$&')}"]`);
  const stepTitleButton = (id: string) => stepRow(id)?.querySelector<HTMLElement>('.antrag-builder-step-title');
  const stepsHeading = () => document.querySelector<HTMLElement>('.antrag-builder-steps-heading');
  /** The move button pressed, while it can still move; else the row's other way, else its title. */
  const moveButtonIn = (row: HTMLElement | null | undefined, way: 'up' | 'down', attribute: string) => {
    const other = way === 'up' ? 'down' : 'up';
    const pick = (w: string) => row?.querySelector<HTMLButtonElement>(`[${attribute}="${w}"]`);
    // move buttons that can do nothing are aria-disabled, not disabled: they keep the focus, but offer the other way
    const usable = (b: HTMLButtonElement | null | undefined) => !!b && b.getAttribute('aria-disabled') !== 'true';
    const pressed = pick(way);
    if (usable(pressed)) return pressed;
    const back = pick(other);
    return usable(back) ? back : pressed;
  };

  const definition = 'definition' in parsed ? parsed.definition : undefined;
  const current = definition ? keepSelection(definition, selection) : selection;
  useEffect(() => {
    if (definition && (current.step !== selection.step || current.field !== selection.field)) onSelect(current);
  }, [definition, current, selection, onSelect]);

  // after "Add field" the new field's label is typed next (once the dialog has given focus back)
  const afterPalette = () => {
    if (!focusLabel.current) return;
    focusLabel.current = false;
    document.getElementById('antrag-builder-label')?.focus();
  };

  const apply = useCallback(
    (next: FormDefinition, done?: { undo?: string; say?: string }) => {
      onText(jsonText(next));
      setUndoable(done?.undo ? { text: done.undo } : undefined);
      if (done?.say ?? done?.undo) setAnnouncement(done?.say ?? done?.undo ?? '');
    },
    [onText],
  );

  if ('cms' in parsed) {
    // the buttons under the text, not beside it: beside, they left the text a column one letter wide at 1024 px
    return (
      <Alert
        type="info"
        showIcon
        title={t('builder.cms.title', { kind: t(`import.${parsed.cms}`) })}
        description={
          <>
            <p>{t('builder.cms.text')}</p>
            <span className="antrag-builder-row-actions">
              <Button
                type="primary"
                onClick={() => {
                  const converted = importCms(parsed.cms, parsed.document);
                  if (converted.definition) {
                    apply(converted.definition as FormDefinition, { say: t('builder.cms.converted') });
                    onSelect({ step: 0 });
                    pendingFocus.current = stepsHeading;
                  }
                }}
              >
                {t('builder.cms.convert')}
              </Button>
              <Button onClick={onOpenJson}>{t('builder.openJson')}</Button>
            </span>
          </>
        }
      />
    );
  }

  if (!definition) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('builder.unreadable')}
        description={'error' in parsed ? parsed.error : undefined}
        action={<Button onClick={onOpenJson}>{t('builder.openJson')}</Button>}
      />
    );
  }

  const steps = definition.steps;
  const step = steps[current.step];
  const stepFields = step ? fieldsOfStep(step) : [];
  const summaries = listFields(definition);
  const field = stepFields.find((f) => f.name === current.field);
  const fieldIndex = field ? stepFields.indexOf(field) : -1;
  const title = step ? stepTitle(step, locale) : '';

  const choose = (entry: PaletteEntry, name: string) => {
    setPalette(false);
    if (!step) return;
    const added = addField(definition, current.step, entry.type, name, entry.preset);
    const next = added.definition;
    autoNamed.current.add(added.name);
    focusLabel.current = true;
    apply(next, {
      say: t('builder.field.added', { type: t(`palette.type.${paletteId(entry)}` as StudioKey), step: title }),
    });
    onSelect({ step: current.step, field: added.name });
  };

  const setLabel = (value: string) => {
    if (!field) return;
    let next = updateField(definition, field.name, { label: withText(field.label, locale, value) });
    let name = field.name;
    if (locale === 'en' && autoNamed.current.has(field.name) && value.trim()) {
      const taken = listFields(next)
        .map((f) => f.name)
        .filter((n) => n !== field.name);
      const derived = fieldNameFromLabel(value, taken);
      if (derived !== field.name) {
        next = renameField(next, field.name, derived);
        autoNamed.current.delete(field.name);
        autoNamed.current.add(derived);
        name = derived;
      }
    }
    apply(next);
    if (name !== field.name) onSelect({ step: current.step, field: name });
  };

  return (
    <div className="antrag-builder">
      <div className="antrag-builder-bar">
        <div>
          <label htmlFor={localeId} className="antrag-builder-label">
            {t('builder.locale')}
          </label>
          <Select
            id={localeId}
            value={locale}
            style={{ minWidth: 160 }}
            onChange={(l: Locale) => setLocale(l)}
            options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          />
        </div>
        <div className="antrag-builder-form-title">
          <label htmlFor={titleId} className="antrag-builder-label">
            {t('builder.formTitle')}
          </label>
          <Input
            id={titleId}
            value={textIn(definition.title, locale)}
            placeholder={locale === 'en' ? undefined : textIn(definition.title, 'en')}
            maxLength={200}
            onChange={(e) => apply({ ...definition, title: withText(definition.title, locale, e.target.value) })}
          />
        </div>
      </div>
      <p className="antrag-studio-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {undoable ? (
        <Alert
          type="info"
          showIcon
          title={undoable.text}
          closable
          onClose={() => setUndoable(undefined)}
          action={
            <Button
              size="small"
              onClick={() => {
                onUndo();
                setUndoable(undefined);
                setAnnouncement(t('builder.undone'));
                pendingFocus.current = stepsHeading;
              }}
            >
              {t('action.undo')}
            </Button>
          }
        />
      ) : null}
      <div className="antrag-builder-columns">
        <div className="antrag-builder-structure">
          <StepsList
            steps={steps}
            selected={current.step}
            locale={locale}
            onSelect={(index) => onSelect({ step: index })}
            onAdd={(stepName) => {
              const added = addStep(definition, stepName);
              const id = added.definition.steps[added.index]?.id ?? '';
              apply(added.definition, { say: t('builder.steps.added', { step: stepName }) });
              onSelect({ step: added.index });
              pendingFocus.current = () => stepTitleButton(id);
            }}
            onRename={(index, stepName) => {
              const id = steps[index]?.id ?? '';
              apply(renameStep(definition, index, stepName, locale));
              pendingFocus.current = () => stepTitleButton(id);
            }}
            onRenameCancel={(index) => {
              const id = steps[index]?.id ?? '';
              pendingFocus.current = () => stepTitleButton(id);
            }}
            onRemove={(index) => {
              const gone = steps[index] ? stepTitle(steps[index], locale) : '';
              apply(removeStep(definition, index), { undo: t('builder.steps.deleted', { step: gone }) });
              onSelect({ step: Math.max(0, index - 1) });
              pendingFocus.current = stepsHeading;
            }}
            onMove={(from, to, dragged) => {
              const moved = steps[from];
              const name = moved ? stepTitle(moved, locale) : '';
              apply(
                moveStep(definition, from, to),
                dragged ? undefined : { say: t('builder.steps.moved', { step: name, n: to + 1, count: steps.length }) },
              );
              onSelect({ step: to });
              if (moved && !dragged) {
                const way = to < from ? 'up' : 'down';
                pendingFocus.current = () =>
                  moveButtonIn(stepRow(moved.id), way, 'data-move') ?? stepTitleButton(moved.id);
              }
            }}
          />
          {step ? (
            <section className="antrag-builder-fields" aria-labelledby={fieldsHeadingId}>
              <h2 id={fieldsHeadingId}>{t('builder.fields.title', { step: title })}</h2>
              {stepFields.length === 0 ? <p className="antrag-builder-hint">{t('builder.fields.none')}</p> : null}
              <ol className="antrag-builder-field-list">
                {stepFields.map((f) => {
                  const label = textIn(f.label, locale) || textIn(f.label, 'en') || f.name;
                  return (
                    <li key={f.name} className={f.name === current.field ? 'is-selected' : undefined}>
                      <button
                        type="button"
                        className="antrag-builder-field-button"
                        aria-current={f.name === current.field ? 'true' : undefined}
                        onClick={() => {
                          onSelect({ step: current.step, field: f.name });
                          // in one column the properties are under the list: bring them up when out of sight
                          requestAnimationFrame(() => {
                            const panel = document.querySelector<HTMLElement>('.antrag-builder-properties');
                            if (panel && panel.getBoundingClientRect().top > window.innerHeight - 80) {
                              panel.scrollIntoView({ block: 'start' });
                            }
                          });
                        }}
                      >
                        <span className="antrag-builder-field-label">{label}</span>
                        <span className="antrag-builder-type">
                          {typeName(t, f.type)}
                          {f.required ? ` · ${t('builder.fields.required')}` : ''}
                          {f.visibleIf ? ` · ${t('builder.fields.conditional')}` : ''}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ol>
              <Button type="primary" ref={addFieldButton} onClick={() => setPalette(true)}>
                {t('builder.addField')}
              </Button>
            </section>
          ) : (
            <p className="antrag-builder-hint">{t('builder.steps.none')}</p>
          )}
        </div>
        <div className="antrag-builder-detail">
          {field ? (
            <PropertyPanel
              key={current.step}
              definition={definition}
              field={field}
              fields={summaries}
              locale={locale}
              onLabel={setLabel}
              onPatch={(patch) => apply(updateField(definition, field.name, patch))}
              onRename={(name) => {
                autoNamed.current.delete(field.name);
                apply(renameField(definition, field.name, name), {
                  say: t('builder.field.renamed', { from: field.name, to: name }),
                });
                onSelect({ step: current.step, field: name });
              }}
              onRemove={() => {
                const label = textIn(field.label, locale) || field.name;
                apply(removeField(definition, field.name), { undo: t('builder.field.deleted', { field: label }) });
                onSelect({ step: current.step });
                addFieldButton.current?.focus();
              }}
              onDuplicate={() => {
                const copy = duplicateField(definition, field.name);
                apply(copy.definition, { say: t('builder.field.duplicated', { field: copy.name }) });
                onSelect({ step: current.step, field: copy.name });
                pendingFocus.current = () => document.getElementById('antrag-builder-label');
              }}
              steps={steps.map((s) => stepTitle(s, locale))}
              step={current.step}
              onMoveToStep={(to) => {
                apply(moveFieldToStep(definition, field.name, to), {
                  say: t('builder.field.movedToStep', {
                    field: field.name,
                    step: steps[to] ? stepTitle(steps[to], locale) : '',
                  }),
                });
                onSelect({ step: to, field: field.name });
                pendingFocus.current = () => document.getElementById('antrag-builder-label');
              }}
              onMove={(delta) => {
                apply(moveField(definition, field.name, delta));
                pendingFocus.current = () =>
                  moveButtonIn(
                    document.querySelector<HTMLElement>('.antrag-builder-field-actions'),
                    delta < 0 ? 'up' : 'down',
                    'data-field-move',
                  ) ?? document.getElementById('antrag-builder-label');
              }}
              canMove={{ up: fieldIndex > 0, down: fieldIndex >= 0 && fieldIndex < stepFields.length - 1 }}
              onOpenJson={onOpenJson}
            />
          ) : (
            <p className="antrag-builder-hint">{t('builder.properties.none')}</p>
          )}
        </div>
      </div>
      <FieldPalette
        open={palette}
        stepTitle={title}
        onCancel={() => setPalette(false)}
        onChoose={choose}
        afterClose={afterPalette}
      />
    </div>
  );
}
