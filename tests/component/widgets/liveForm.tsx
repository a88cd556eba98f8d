import Form from '@rjsf/antd';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { fields, widgets } from '../../../packages/react/src/widgets/index.js';

interface LiveFormOptions {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  formData?: Record<string, unknown>;
  locale?: string;
}

function LiveForm({ opts, onData }: { opts: LiveFormOptions; onData: (data: Record<string, unknown>) => void }) {
  const [formData, setFormData] = useState<Record<string, unknown>>(opts.formData ?? {});
  const formContext = useMemo(() => ({ locale: opts.locale ?? 'en', formData }), [opts.locale, formData]);
  return (
    <Form
      schema={opts.schema}
      uiSchema={opts.uiSchema}
      formData={formData}
      formContext={formContext}
      validator={validator}
      widgets={widgets}
      fields={fields}
      showErrorList={false}
      onChange={(e) => {
        const next = (e.formData ?? {}) as Record<string, unknown>;
        onData(next);
        setFormData(next);
      }}
    />
  );
}

/**
 * A real RJSF antd Form with the project's widgets inside a react-query provider, whose formContext carries
 * the live form data as the runner's does (dependent selects read their parent from it).
 */
export function renderLiveForm(opts: LiveFormOptions) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let data: Record<string, unknown> = opts.formData ?? {};
  const utils = render(
    <QueryClientProvider client={client}>
      <LiveForm
        opts={opts}
        onData={(next) => {
          data = next;
        }}
      />
    </QueryClientProvider>,
  );
  return { ...utils, client, latest: () => data };
}

export interface FetchCall {
  url: URL;
  headers: Record<string, string>;
}

/**
 * A fetch double (component tests only; the real calls are covered by the server's own tests): answers
 * with `answer(url)`, a JSON body or `{ status }` for a failure, and records every call.
 */
export function fakeFetch(answer: (url: URL) => unknown | { status: number }) {
  const calls: FetchCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, headers: { ...(init?.headers as Record<string, string>) } });
    const body = answer(url);
    const status =
      body && typeof body === 'object' && 'status' in body && typeof body.status === 'number' ? body.status : 200;
    return { ok: status < 400, status, json: async () => body } as Response;
  };
  return { fetch, calls };
}
