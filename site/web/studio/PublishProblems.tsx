/**
 * Why the server refused to publish (its diagnostics on `400`), said for a staff member: a title with the count,
 * then each problem as a sentence placed by step and field (not a JSON pointer), the server's hint when it sends
 * one, and "Show" leading to the field in the builder.
 */
import { Alert, Button } from 'antd';
import type { Diagnostic } from './backend.js';
import { useStudioT } from './i18n.js';
import { problemPlace } from './problemPlace.js';

/** The message as a sentence: it ends with a stop (the checker's messages have none). */
const sentence = (message: string) => (/[.!?。！？]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`);

export function PublishProblems({
  text,
  diagnostics,
  onShow,
}: {
  /** The text published, for the names of the places. */
  text: string;
  diagnostics: Diagnostic[];
  onShow?(pointer: string): void;
}) {
  const t = useStudioT();
  const errors = diagnostics.filter((d) => d.severity === 'error').length || diagnostics.length;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t.count('publish.refusedCount', errors)}
      description={
        <ul className="antrag-studio-plain-list" data-testid="studio-publish-problems">
          {diagnostics.map((d, i) => {
            const place = problemPlace(text, d.pointer, t.locale);
            const words = place.step
              ? [
                  t('publish.placeStep', { title: place.step }),
                  ...(place.field ? [t('publish.placeField', { label: place.field })] : []),
                ].join(' › ')
              : t('publish.placeForm');
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: two problems may say the same at the same place
              <li key={i}>
                <p>{t('publish.problemAt', { place: words, message: sentence(d.message) })}</p>
                {d.hint ? <p>{t('publish.hint', { hint: d.hint })}</p> : null}
                {onShow && place.step ? (
                  <Button size="small" onClick={() => onShow(d.pointer)}>
                    {t('publish.showProblem', { name: place.field ?? place.step })}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      }
    />
  );
}
