/**
 * Bench page: one case (`?case=generated|health`) rendered by the engine as the web app renders a form page —
 * FormRunner with the form's precompiled validators — and nothing else.
 */

import { cases } from 'virtual:bench-antrag';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { defaultWidgets } from '../../../packages/react/src/engine/registry.js';
import { precompiledValidation } from '../../../packages/react/src/engine/validator.js';
import { countRenders, installProbe } from './probe.js';

installProbe();
const widgets = countRenders(defaultWidgets);

function Ready() {
  useEffect(() => {
    window.benchReady = true;
  }, []);
  return null;
}

async function main() {
  const name = new URLSearchParams(location.search).get('case') ?? '';
  const entry = cases[name];
  if (!entry) throw new Error(`no case '${name}'`);
  const validation = precompiledValidation(entry.form, await entry.validators());
  createRoot(document.getElementById('root') as HTMLElement).render(
    <>
      <FormRunner form={entry.form} validation={validation} locale="en" widgets={widgets} />
      <Ready />
    </>,
  );
}

main().catch((error: unknown) => {
  window.benchError = String(error);
});
