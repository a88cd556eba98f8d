/**
 * A choice field's options: each one's label (in the builder's language) and the value stored in the form data;
 * add, remove, reorder. Values must differ: a repeated value is named at once (the compiler would refuse it too).
 */

import { textIn, withText } from '@antrag/core/builder';
import type { Locale, Option } from '@antrag/core/dsl/types';
import { Button, Input } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useStudioT } from '../i18n.js';
import { useFocusAfterRender } from './focusAfterRender.js';

const MAX_OPTIONS = 500;

function nextValue(options: Option[]): string {
  const taken = new Set(options.map((o) => String(o.value)));
  let n = options.length + 1;
  while (taken.has(`option${n}`)) n += 1;
  return `option${n}`;
}

export function OptionsEditor({
  options,
  locale,
  onChange,
}: {
  options: Option[];
  locale: Locale;
  onChange(options: Option[]): void;
}) {
  const t = useStudioT();
  const headingId = useId();
  const list = useRef<HTMLOListElement>(null);
  // after "Add option" the new option's label is typed next
  const [focusLast, setFocusLast] = useState(false);
  useEffect(() => {
    if (!focusLast) return;
    setFocusLast(false);
    const label = list.current?.querySelector<HTMLInputElement>('li:last-child input');
    label?.focus();
    // "Option 3" is a stand-in: typing replaces it
    label?.select();
  }, [focusLast]);
  const counts = new Map<string, number>();
  for (const o of options) counts.set(String(o.value), (counts.get(String(o.value)) ?? 0) + 1);
  const set = (index: number, option: Option) => onChange(options.map((o, i) => (i === index ? option : o)));
  // the focus follows the option moved (its row's same button, else the other way), and after a deletion goes to
  // the option now in that place, else "Add option"
  const pendingFocus = useFocusAfterRender();
  const rowAt = (index: number) => list.current?.children.item(index) ?? null;
  const move = (index: number, to: number) => {
    const next = [...options];
    const [item] = next.splice(index, 1);
    if (item) next.splice(to, 0, item);
    onChange(next);
    const way = to < index ? 'up' : 'down';
    pendingFocus.current = () => {
      const row = rowAt(to);
      const pressed = row?.querySelector<HTMLElement>(`[data-option-move="${way}"]`);
      return pressed?.getAttribute('aria-disabled') === 'true'
        ? row?.querySelector<HTMLElement>(`[data-option-move="${way === 'up' ? 'down' : 'up'}"]`)
        : pressed;
    };
  };
  const remove = (index: number) => {
    onChange(options.filter((_, i) => i !== index));
    pendingFocus.current = () =>
      rowAt(Math.min(index, options.length - 2))?.querySelector<HTMLElement>('input') ?? addButton.current;
  };
  const addButton = useRef<HTMLButtonElement>(null);

  return (
    <fieldset className="antrag-builder-options">
      <legend id={headingId}>{t('builder.options.title')}</legend>
      {options.length ? (
        <div className="antrag-builder-option antrag-builder-option-head" aria-hidden="true">
          <span>{t('builder.options.labelColumn')}</span>
          <span>{t('builder.options.valueColumn')}</span>
        </div>
      ) : null}
      <ol className="antrag-builder-option-list" ref={list}>
        {options.map((option, index) => {
          const label = textIn(option.label, locale);
          const name = label || String(option.value);
          const duplicate = (counts.get(String(option.value)) ?? 0) > 1;
          const key = `${index}`;
          return (
            <li key={key} className="antrag-builder-option">
              <Input
                aria-label={t('builder.options.label', { n: index + 1 })}
                value={label}
                maxLength={500}
                placeholder={textIn(option.label, 'en') || undefined}
                onChange={(e) => set(index, { ...option, label: withText(option.label, locale, e.target.value) })}
              />
              <Input
                aria-label={t('builder.options.value', { n: index + 1 })}
                value={String(option.value)}
                maxLength={200}
                status={duplicate || String(option.value) === '' ? 'error' : undefined}
                aria-invalid={duplicate || String(option.value) === ''}
                onChange={(e) => {
                  const raw = e.target.value;
                  // a number or a boolean stays one while its text still reads as one
                  const value =
                    typeof option.value === 'number' && raw.trim() !== '' && Number.isFinite(Number(raw))
                      ? Number(raw)
                      : typeof option.value === 'boolean' && (raw === 'true' || raw === 'false')
                        ? raw === 'true'
                        : raw;
                  set(index, { ...option, value });
                }}
              />
              <span className="antrag-builder-row-actions">
                <Button
                  size="small"
                  aria-label={t('builder.moveUpNamed', { name })}
                  data-option-move="up"
                  aria-disabled={index === 0}
                  className={index === 0 ? 'is-unavailable' : undefined}
                  onClick={() => {
                    if (!(index === 0)) move(index, index - 1);
                  }}
                >
                  {t('builder.moveUp')}
                </Button>
                <Button
                  size="small"
                  aria-label={t('builder.moveDownNamed', { name })}
                  data-option-move="down"
                  aria-disabled={index === options.length - 1}
                  className={index === options.length - 1 ? 'is-unavailable' : undefined}
                  onClick={() => {
                    if (!(index === options.length - 1)) move(index, index + 1);
                  }}
                >
                  {t('builder.moveDown')}
                </Button>
                <Button
                  size="small"
                  danger
                  aria-label={t('builder.deleteNamed', { name })}
                  aria-disabled={options.length <= 1}
                  className={options.length <= 1 ? 'is-unavailable' : undefined}
                  onClick={() => {
                    if (!(options.length <= 1)) remove(index);
                  }}
                >
                  {t('builder.delete')}
                </Button>
              </span>
              {duplicate ? (
                <p className="antrag-builder-error" role="alert">
                  {t('builder.options.duplicate', { value: String(option.value) })}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <Button
        ref={addButton}
        disabled={options.length >= MAX_OPTIONS}
        onClick={() => {
          const value = nextValue(options);
          setFocusLast(true);
          onChange([
            ...options,
            { value, label: withText(undefined, 'en', t('builder.options.newLabel', { n: options.length + 1 })) },
          ]);
        }}
      >
        {t('builder.options.add')}
      </Button>
    </fieldset>
  );
}
