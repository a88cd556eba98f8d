/**
 * "Add field": every field type a staffer can add, by its human name with a one-line description, filtered as
 * one types. Choosing one adds it to the current step (the builder then selects it and focuses its label).
 */

import { FIELD_PALETTE, type PaletteEntry } from '@antrag/core/builder';
import { Input, Modal } from 'antd';
import { useId, useMemo, useState } from 'react';
import { type StudioKey, type StudioT, useStudioT } from '../i18n.js';

/** A field type's human name; a type the studio does not know (a typo in the JSON) by its own word. */
export function typeName(t: StudioT, type: string): string {
  const key = `palette.type.${type}`;
  const name = t(key as StudioKey);
  return name === key ? type : name;
}

/** An entry's key in the studio's texts (`palette.type.<id>`). */
export const paletteId = (entry: PaletteEntry): string => entry.id;

export function FieldPalette({
  open,
  stepTitle,
  onCancel,
  onChoose,
  afterClose,
}: {
  open: boolean;
  stepTitle: string;
  onCancel(): void;
  /** Once the dialog has gone (and given focus back): where focus goes next. */
  afterClose(): void;
  onChoose(entry: PaletteEntry, label: string): void;
}) {
  const t = useStudioT();
  const [filter, setFilter] = useState('');
  const searchId = useId();
  const entries = useMemo(
    () =>
      FIELD_PALETTE.map((entry) => {
        const id = paletteId(entry);
        return {
          entry,
          id,
          name: t(`palette.type.${id}` as StudioKey),
          description: t(`palette.type.${id}.description` as StudioKey),
        };
      }),
    [t],
  );
  const needle = filter.trim().toLocaleLowerCase(t.locale);
  const shown = needle
    ? entries.filter((e) => `${e.name} ${e.description} ${e.entry.type}`.toLocaleLowerCase(t.locale).includes(needle))
    : entries;

  return (
    <Modal
      open={open}
      title={t('builder.palette.title', { step: stepTitle })}
      onCancel={() => {
        setFilter('');
        onCancel();
      }}
      footer={null}
      width={720}
      destroyOnHidden
      afterClose={afterClose}
    >
      <label htmlFor={searchId} className="antrag-builder-label">
        {t('builder.palette.search')}
      </label>
      <Input
        id={searchId}
        type="search"
        value={filter}
        maxLength={100}
        onChange={(e) => setFilter(e.target.value)}
        autoFocus
      />
      <p className="antrag-studio-visually-hidden" role="status" aria-live="polite">
        {t.count('builder.palette.shown', shown.length)}
      </p>
      <ul className="antrag-builder-palette">
        {shown.map(({ entry, id, name, description }) => (
          <li key={id}>
            <button
              type="button"
              className="antrag-builder-palette-item"
              aria-label={name}
              aria-describedby={`${searchId}-${id}`}
              onClick={() => {
                setFilter('');
                onChoose(entry, name);
              }}
            >
              <span className="antrag-builder-palette-name">{name}</span>
              <span className="antrag-builder-palette-description" id={`${searchId}-${id}`}>
                {description}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 ? <p>{t('builder.palette.none')}</p> : null}
    </Modal>
  );
}
