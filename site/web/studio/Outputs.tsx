/**
 * What the form compiles to, beside the preview: the JSON Schema (whole form or one step), the UI schema, the
 * TypeScript type of its data (made by the studio server: json-schema-to-typescript needs Node and prettier) and
 * the requests the current data would make, encoded as the payload maps say and never sent.
 */

import type { CompiledForm } from '@antrag/core/compile/types';
import type { Locale, SubmitSettings } from '@antrag/core/dsl/types';
import { type EncodedRequest, encodeRequest } from '@antrag/core/payload';
import { applyAllTransforms, withComputed } from '@antrag/core/wizard';
import { Loading } from '@antrag/react/engine/Loading';
import { Alert, Button, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { studioApi } from './api.js';
import { useStudioT } from './i18n.js';
import type { FormData } from './previewProtocol.js';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

function CodeBlock({ text, label }: { text: string; label: string }) {
  const t = useStudioT();
  const [copied, setCopied] = useState(false);
  return (
    <div className="antrag-studio-code">
      <Button
        size="small"
        className="antrag-studio-copy"
        aria-label={`${t('output.copy')}: ${label}`}
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          });
        }}
      >
        {copied ? t('output.copied') : t('output.copy')}
      </Button>
      <section aria-label={label}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable by keyboard */}
        <pre tabIndex={0}>{text}</pre>
      </section>
    </div>
  );
}

type TextOf = (form: CompiledForm, key: string, locale: Locale) => string;

export function SchemaOutput({ form, textOf }: { form: CompiledForm; textOf: TextOf }) {
  const t = useStudioT();
  const [which, setWhich] = useState(-1);
  const index = which < form.stepSchemas.length ? which : -1;
  const schema = index < 0 ? form.schema : form.stepSchemas[index];
  return (
    <div className="antrag-studio-output">
      <div className="antrag-studio-field">
        <span>{t('schema.which')}</span>
        <Select
          aria-label={t('schema.which')}
          value={index}
          style={{ minWidth: 220 }}
          onChange={setWhich}
          options={[
            { value: -1, label: t('schema.whole') },
            ...form.steps.map((s, i) => ({
              value: i,
              label: t('schema.step', { number: i + 1, title: textOf(form, s.title, t.locale) }),
            })),
          ]}
        />
      </div>
      <CodeBlock text={pretty(schema)} label={t('tab.schema')} />
    </div>
  );
}

export function UiSchemaOutput({ form }: { form: CompiledForm }) {
  const t = useStudioT();
  return <CodeBlock text={pretty(form.uiSchema)} label={t('tab.uiSchema')} />;
}

/** The type of the form's data, asked of the studio server for the text that compiled last. */
export function TypesOutput({ path, text }: { path: string; text: string }) {
  const t = useStudioT();
  const [result, setResult] = useState<{ text: string; types?: string; error?: string } | undefined>(undefined);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      studioApi.typegen(path, text).then(
        (answer) => current && setResult({ text, types: answer.types }),
        (e: Error) => current && setResult({ text, error: e.message }),
      );
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [path, text]);
  if (!result) return <Loading label={t('types.loading')} />;
  return (
    <div className="antrag-studio-output">
      <p className="antrag-studio-note">{t('types.note')}</p>
      {result.error ? (
        <Alert type="error" showIcon title={t('types.failed', { message: result.error })} />
      ) : (
        <CodeBlock text={result.types ?? ''} label={t('tab.types')} />
      )}
      {result.text !== text ? <Loading size="small" label={t('types.loading')} /> : null}
    </div>
  );
}

interface Submission {
  title: string;
  request?: EncodedRequest;
  error?: string;
}

function bodyText(request: EncodedRequest): string {
  if (request.body === undefined) return '';
  if (Array.isArray(request.body)) return request.body.map(([name, value]) => `${name}: ${value}`).join('\n');
  if (request.headers['Content-Type'] === 'application/json') {
    try {
      return pretty(JSON.parse(request.body));
    } catch {
      return request.body;
    }
  }
  return request.body;
}

/** The requests the form's submit settings describe, for the data the preview holds now. Never sent. */
export function PayloadOutput({
  form,
  data,
  locale,
  textOf,
}: {
  form: CompiledForm;
  data: FormData;
  locale: Locale;
  textOf: TextOf;
}) {
  const t = useStudioT();
  const submissions = useMemo<Submission[]>(() => {
    const list: Array<{ title: string; settings: SubmitSettings }> = [];
    form.steps.forEach((s, i) => {
      if (s.submit)
        list.push({
          title: t('payload.step', { number: i + 1, title: textOf(form, s.title, locale) }),
          settings: s.submit,
        });
    });
    if (form.submit) list.push({ title: t('payload.form'), settings: form.submit });
    return list.map(({ title, settings }) => {
      try {
        // as the engine sends it: transforms applied, computed values added, no browser storage, no page query
        const committed = withComputed(form, applyAllTransforms(form, data));
        const request = encodeRequest(
          settings,
          committed,
          { locale, query: new URLSearchParams(), storage: () => null },
          form,
        );
        return { title, request };
      } catch (e) {
        return { title, error: (e as Error).message };
      }
    });
  }, [form, data, locale, t, textOf]);

  return (
    <div className="antrag-studio-output">
      <p className="antrag-studio-note">{t('payload.note')}</p>
      {submissions.length === 0 ? <Alert type="info" showIcon title={t('payload.none')} /> : null}
      {submissions.map((s) => (
        <section key={s.title} className="antrag-studio-request" aria-label={s.title}>
          <h3>{s.title}</h3>
          {s.error || !s.request ? (
            <Alert type="error" showIcon title={t('payload.failed', { message: s.error ?? '' })} />
          ) : (
            <>
              <p>
                <code>
                  {s.request.method} {s.request.url}
                </code>
              </p>
              <h4>{t('payload.headers')}</h4>
              <CodeBlock text={pretty(s.request.headers)} label={`${s.title}: ${t('payload.headers')}`} />
              <h4>{t('payload.body')}</h4>
              <CodeBlock text={bodyText(s.request)} label={`${s.title}: ${t('payload.body')}`} />
              <h4>{t('payload.before')}</h4>
              <CodeBlock text={pretty(s.request.payload)} label={`${s.title}: ${t('payload.before')}`} />
            </>
          )}
        </section>
      ))}
    </div>
  );
}
