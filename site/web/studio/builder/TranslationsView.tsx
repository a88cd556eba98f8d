/**
 * The builder's translations view: every text of the form by language (`@antrag/core/builder`'s `textEntries`),
 * missing ones marked by a "Missing" tag and counted per language, each editable in place; the texts as CSV or
 * XLIFF for translators, and their files read back with a list of what did not fit.
 */

import {
  applyCsv,
  applyXliff,
  type ImportResult,
  MAX_FILE_BYTES,
  missingLocales,
  setTextAt,
  type TextEntry,
  textEntries,
  textsToCsv,
  textsToXliff,
} from '@antrag/core/builder';
import { type FormDefinition, LOCALES, type Locale } from '@antrag/core/dsl/types';
import { Alert, Button, Checkbox, Input, Select, Tag } from 'antd';
import { type ChangeEvent, useId, useMemo, useRef, useState } from 'react';
import { LANGUAGE_NAMES, type StudioKey, type StudioT, useStudioT } from '../i18n.js';

const TARGETS = LOCALES.filter((l) => l !== 'en');
type Shown = 'all' | Locale;

/** A text's place in the studio's language: `Step „Miete“ › Start date › label`. */
function placeOf(entry: TextEntry, t: StudioT): string {
  const parts = entry.place.map((p) =>
    p.kind === 'field' ? p.name : t(`translations.place.${p.kind}` as StudioKey, { name: p.name }),
  );
  return [...parts, entry.property].join(' › ');
}

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // the click has started the download; the address is no longer needed
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** One language of one text: typed freely, written into the definition when the field is left. */
function TextCell({
  entry,
  locale,
  label,
  onCommit,
}: {
  entry: TextEntry;
  locale: Locale;
  label: string;
  onCommit: (value: string) => void;
}) {
  const t = useStudioT();
  const value = entry.values[locale] ?? '';
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const missing = !value.trim();
  return (
    <td className={missing ? 'antrag-translations-missing' : undefined}>
      {entry.catalogue === undefined ? (
        <Input.TextArea
          aria-label={label}
          lang={locale}
          value={draft ?? value}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={5000}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => {
            if (draft !== undefined && draft !== value) onCommit(draft);
            setDraft(undefined);
          }}
        />
      ) : (
        <span lang={locale}>{value}</span>
      )}
      {missing && <Tag className="antrag-translations-tag is-missing">{t('translations.missing')}</Tag>}
    </td>
  );
}

function ImportReport({ file, result, onClose }: { file: string; result: ImportResult; onClose: () => void }) {
  const t = useStudioT();
  const errors = result.problems.some((p) => p.severity === 'error');
  const title =
    result.applied > 0
      ? t.count('translations.import.applied', result.applied, { file })
      : t('translations.import.none', { file });
  return (
    <Alert
      role="status"
      type={errors ? (result.applied > 0 ? 'warning' : 'error') : result.problems.length ? 'warning' : 'success'}
      title={title}
      showIcon
      closable
      onClose={onClose}
      description={
        result.problems.length > 0 && (
          <ul className="antrag-studio-plain-list">
            {result.problems.map((p, i) => (
              // problems have no identity of their own; their order is the file's
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, drawn once per import
              <li key={i}>
                <strong>{t(`translations.import.${p.severity}`)}</strong>{' '}
                {p.column === undefined
                  ? t('translations.import.at', { line: p.line })
                  : t('translations.import.atColumn', { line: p.line, column: p.column })}
                : {p.message}
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}

export function TranslationsView({
  definition,
  onChange,
}: {
  definition: FormDefinition;
  onChange: (next: FormDefinition) => void;
}) {
  const t = useStudioT();
  const id = useId();
  const entries = useMemo(() => textEntries(definition), [definition]);
  const wide = typeof window !== 'undefined' && window.matchMedia?.('(min-width: 1400px)').matches;
  const [shown, setShown] = useState<Shown>(wide ? 'all' : t.locale === 'en' ? 'de' : t.locale);
  const [target, setTarget] = useState<Locale>(shown === 'all' ? 'de' : shown);
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [report, setReport] = useState<{ file: string; result: ImportResult } | undefined>();
  const [readError, setReadError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);

  const columns: Locale[] = shown === 'all' ? [...LOCALES] : ['en', shown];
  const missingBy = useMemo(() => {
    const counts = Object.fromEntries(LOCALES.map((l) => [l, 0])) as Record<Locale, number>;
    for (const entry of entries) for (const l of missingLocales(entry)) counts[l]++;
    return counts;
  }, [entries]);
  const rows = onlyMissing ? entries.filter((e) => missingLocales(e).some((l) => columns.includes(l))) : entries;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReport(undefined);
    setReadError(undefined);
    if (file.size > MAX_FILE_BYTES) {
      setReadError(t('translations.import.tooLarge', { file: file.name }));
      return;
    }
    try {
      const text = await file.text();
      const result = /\.csv$/i.test(file.name) ? applyCsv(definition, text) : applyXliff(definition, text);
      if (result.applied > 0) onChange(result.definition);
      setReport({ file: file.name, result });
    } catch (error) {
      setReadError(t('translations.import.unreadable', { file: file.name, message: String(error) }));
    }
  };

  return (
    <section className="antrag-translations" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('translations.title')}</h2>
      <p>{t('translations.intro')}</p>

      <section aria-labelledby={`${id}-summary`}>
        <h3 id={`${id}-summary`}>{t('translations.summary')}</h3>
        <ul className="antrag-translations-summary">
          {TARGETS.map((l) => (
            <li key={l}>
              {LANGUAGE_NAMES[l]}:{' '}
              {missingBy[l] === 0 ? (
                <Tag className="antrag-translations-tag is-complete">{t('translations.complete')}</Tag>
              ) : (
                <Tag className="antrag-translations-tag is-missing">
                  {t.count('translations.missingCount', missingBy[l])}
                </Tag>
              )}
            </li>
          ))}
        </ul>
      </section>

      <div
        className="antrag-translations-tools"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}
      >
        <label htmlFor={`${id}-shown`}>{t('translations.show')}</label>
        <Select
          id={`${id}-shown`}
          value={shown}
          style={{ minWidth: 200 }}
          onChange={(value: Shown) => setShown(value)}
          options={[
            { value: 'all', label: t('translations.show.all') },
            ...TARGETS.map((l) => ({ value: l, label: t('translations.show.one', { language: LANGUAGE_NAMES[l] }) })),
          ]}
        />
        <Checkbox checked={onlyMissing} onChange={(e) => setOnlyMissing(e.target.checked)}>
          {t('translations.onlyMissing')}
        </Checkbox>
        <Button onClick={() => download(`${definition.id}-texts.csv`, 'text/csv;charset=utf-8', textsToCsv(entries))}>
          {t('translations.exportCsv')}
        </Button>
        <label htmlFor={`${id}-target`}>{t('translations.xliffTarget')}</label>
        <Select
          id={`${id}-target`}
          value={target}
          style={{ minWidth: 140 }}
          onChange={(value: Locale) => setTarget(value)}
          options={TARGETS.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        />
        <Button
          onClick={() =>
            download(
              `${definition.id}-${target}.xlf`,
              'application/xliff+xml',
              textsToXliff(entries, target, definition.id),
            )
          }
        >
          {t('translations.exportXliff')}
        </Button>
        <Button onClick={() => fileInput.current?.click()}>{t('translations.import')}</Button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,.xlf,.xliff,text/csv,application/xliff+xml"
          aria-label={t('translations.import')}
          tabIndex={-1}
          hidden
          onChange={(e) => void readFile(e)}
        />
      </div>

      {readError && <Alert role="alert" type="error" showIcon title={readError} />}
      {report && <ImportReport file={report.file} result={report.result} onClose={() => setReport(undefined)} />}

      <div className="antrag-translations-table" style={{ overflowX: 'auto' }}>
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <caption style={{ textAlign: 'start' }}>{t('translations.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" style={{ textAlign: 'start', minWidth: 180 }}>
                {t('translations.column.place')}
              </th>
              {columns.map((l) => (
                <th scope="col" key={l} lang={l} style={{ textAlign: 'start', minWidth: 160 }}>
                  {LANGUAGE_NAMES[l]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => {
              const place = placeOf(entry, t);
              return (
                <tr key={entry.pointer}>
                  <th scope="row" style={{ textAlign: 'start', fontWeight: 'normal', verticalAlign: 'top' }}>
                    {place}
                    {entry.catalogue !== undefined && (
                      <div>
                        <Tag>{t('translations.shared', { key: entry.catalogue })}</Tag>
                      </div>
                    )}
                  </th>
                  {columns.map((l) => (
                    <TextCell
                      key={l}
                      entry={entry}
                      locale={l}
                      label={t('translations.cell', { place, language: LANGUAGE_NAMES[l] })}
                      onCommit={(value) => onChange(setTextAt(definition, entry.pointer, l, value))}
                    />
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        {rows.length === 0 && <p>{t('translations.empty')}</p>}
      </div>
    </section>
  );
}
