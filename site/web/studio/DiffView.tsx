/**
 * Two versions of a form side by side in words: what changed by name (steps, fields, texts, settings), then the
 * JSON line by line, added and removed lines marked by sign and named for screen readers, not by colour alone.
 */
import { useMemo } from 'react';
import { formLineDiff, isEmptySummary, sameForm, summarizeFormDiff } from './formDiff.js';
import { useStudioT } from './i18n.js';

export function DiffView({ before, after }: { before: unknown; after: unknown }) {
  const t = useStudioT();
  const summary = useMemo(() => summarizeFormDiff(before, after), [before, after]);
  const lines = useMemo(() => formLineDiff(before, after), [before, after]);
  const identical = useMemo(() => sameForm(before, after), [before, after]);
  const join = (names: string[]) => names.join(', ');
  const items: string[] = [];
  const { steps, fields, texts, settings } = summary;
  if (steps.added.length) items.push(t('history.stepsAdded', { names: join(steps.added) }));
  if (steps.removed.length) items.push(t('history.stepsRemoved', { names: join(steps.removed) }));
  if (steps.changed.length) items.push(t('history.stepsChanged', { names: join(steps.changed) }));
  if (fields.added.length) items.push(t('history.fieldsAdded', { names: join(fields.added) }));
  if (fields.removed.length) items.push(t('history.fieldsRemoved', { names: join(fields.removed) }));
  for (const f of fields.changed)
    items.push(t('history.fieldChanged', { name: f.name, properties: join(f.properties) }));
  if (texts.added.length) items.push(t('history.textsAdded', { names: join(texts.added) }));
  if (texts.removed.length) items.push(t('history.textsRemoved', { names: join(texts.removed) }));
  if (texts.changed.length) items.push(t('history.textsChanged', { names: join(texts.changed) }));
  if (settings.length) items.push(t('history.settingsChanged', { names: join(settings) }));
  if (!identical && isEmptySummary(summary)) items.push(t('history.otherChanges'));

  return (
    <div className="antrag-studio-diff">
      <h3>{t('history.summary')}</h3>
      {identical ? (
        <p>{t('history.same')}</p>
      ) : (
        <ul className="antrag-studio-plain-list" data-testid="studio-diff-summary">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {identical ? null : (
        <>
          <h3>{t('history.lines')}</h3>
          <pre className="antrag-studio-diff-lines" data-testid="studio-diff-lines">
            {lines.map((line, i) =>
              line.kind === 'folded' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
                <div key={i} className="is-folded">
                  {t.count('history.unchangedLines', line.count)}
                </div>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
                <div key={i} className={`is-${line.kind}`}>
                  {line.kind === 'added' ? (
                    <span className="antrag-studio-visually-hidden">{t('history.lineAdded')}: </span>
                  ) : line.kind === 'removed' ? (
                    <span className="antrag-studio-visually-hidden">{t('history.lineRemoved')}: </span>
                  ) : null}
                  <span aria-hidden="true">{line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}</span>
                  {line.text}
                </div>
              ),
            )}
          </pre>
        </>
      )}
    </div>
  );
}
