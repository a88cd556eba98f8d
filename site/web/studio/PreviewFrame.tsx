/**
 * The live preview inside its frame (`/studio/preview`): the real engine (`FormRunner`) with validators compiled
 * at run time (the studio server allows `eval`; the site's does not and never serves this). Calls the form makes
 * are answered here with a made-up success, never sent; the step and data go back to the studio after every change.
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps, RegistryFieldsType } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
// every language's catalogue: the preview switches languages in place (the site loads only the page's own)
import '@antrag/core/i18n';
import type { ApiEnv } from '@antrag/react/engine/api';
import type { RunnerContext } from '@antrag/react/engine/context';
import { FormRunner } from '@antrag/react/engine/FormRunner';
import { runtimeValidation } from '@antrag/react/engine/runtimeValidation';
import {
  isPreviewMessage,
  PREVIEW_CHANNEL,
  PREVIEW_DRAFT_KEY,
  type PreviewMessage,
  previewAnswer,
  previewForm,
  previewStatus,
  type RenderMessage,
} from './previewProtocol.js';

type Unsent<T> = T extends unknown ? Omit<T, 'channel'> : never;

function post(message: Unsent<PreviewMessage>): void {
  if (window.parent !== window)
    window.parent.postMessage({ channel: PREVIEW_CHANNEL, ...message }, window.location.origin);
}

const BaseObjectField = getDefaultRegistry().fields.ObjectField;

/**
 * RJSF's object field, reporting the runner's step and data whenever the step's root object renders (after
 * every change): the engine is extended through its field registry, not changed.
 */
function ReportingObjectField(props: FieldProps) {
  const context = props.registry.formContext as RunnerContext | undefined;
  const isRoot = props.fieldPathId.path.length === 0;
  const last = useRef('');
  useEffect(() => {
    if (!isRoot || !context) return;
    const text = JSON.stringify([context.stepIndex, context.data]);
    if (text === last.current) return;
    last.current = text;
    post({ type: 'state', step: context.stepIndex, data: context.data });
  });
  return <BaseObjectField {...props} />;
}

const PREVIEW_FIELDS: RegistryFieldsType = { ObjectField: ReportingObjectField };

export default function PreviewFrame() {
  const [render, setRender] = useState<(RenderMessage & { revision: number }) | undefined>(undefined);

  useEffect(() => {
    let revision = 0;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      if (!isPreviewMessage(event.data) || event.data.type !== 'render') return;
      const message = event.data;
      // the runner restores this draft when it mounts: the studio's step and data
      try {
        sessionStorage.setItem(PREVIEW_DRAFT_KEY, JSON.stringify({ currentStep: message.step, data: message.data }));
      } catch {
        // no session storage: the preview starts at the first step
      }
      document.documentElement.lang = message.locale;
      revision += 1;
      setRender({ ...message, revision });
    };
    window.addEventListener('message', onMessage);
    post({ type: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // a new step or language keeps the same form: its validators are compiled once per form text
  const formText = useMemo(() => (render ? JSON.stringify(render.form) : ''), [render]);
  const prepared = useMemo(() => {
    if (!formText) return undefined;
    const form = JSON.parse(formText) as RenderMessage['form'];
    const answer = JSON.stringify(previewAnswer(form));
    const status = previewStatus(form);
    const env: ApiEnv = {
      fetch: async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        post({ type: 'call', method: init?.method ?? 'GET', url });
        return new Response(answer, { status, headers: { 'Content-Type': 'application/json' } });
      },
    };
    return { form: previewForm(form), validation: runtimeValidation(form), env };
  }, [formText]);

  if (!render || !prepared) return null;
  return (
    <main className="antrag-studio-preview-frame">
      <FormRunner
        key={render.revision}
        form={prepared.form}
        validation={prepared.validation}
        locale={render.locale}
        fields={PREVIEW_FIELDS}
        env={prepared.env}
      />
    </main>
  );
}
