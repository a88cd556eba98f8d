/**
 * Bench page: JSON Forms (@jsonforms/react with the vanilla renderers and cells) drawing one case's JSON Schema and
 * UI schema, mapped from the form's definition by ./peers.ts, with `validationMode: 'ValidateAndShow'` and the data
 * held in React state, as JSON Forms' own examples do.
 */

import { cases } from 'virtual:bench-jsonforms';
import type { JsonFormsCore } from '@jsonforms/core';
import { JsonForms } from '@jsonforms/react';
import { vanillaCells, vanillaRenderers } from '@jsonforms/vanilla-renderers';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { installProbe } from './probe.js';

installProbe();

function Ready() {
  useEffect(() => {
    window.benchReady = true;
  }, []);
  return null;
}

function Form({ entry }: { entry: (typeof cases)[string] }) {
  const [data, setData] = useState<unknown>({});
  return (
    <JsonForms
      schema={entry.schema}
      uischema={entry.uischema}
      data={data}
      renderers={vanillaRenderers}
      cells={vanillaCells}
      validationMode="ValidateAndShow"
      onChange={({ data: next }: Pick<JsonFormsCore, 'data'>) => setData(next)}
    />
  );
}

const name = new URLSearchParams(location.search).get('case') ?? '';
const entry = cases[name];
if (!entry) window.benchError = `no case '${name}'`;
else
  createRoot(document.getElementById('root') as HTMLElement).render(
    <>
      <Form entry={entry} />
      <Ready />
    </>,
  );
