/**
 * Bench page: the same JSON Schema and UI schema as the engine hands RJSF for one case
 * (`?case=generated|health`), in a plain `@rjsf/antd` Form with `@rjsf/validator-ajv8`, live validation on
 * change and RJSF's default form-state behaviour (uncontrolled). The validator knows Antrag's keywords and
 * formats (`extendAjv`), so it checks the same rules the engine's validators do. The browser's own checks are off
 * (`noHtml5Validate`, as in the engine), so a submit on the empty form fails in RJSF and shows its messages.
 */

import { cases } from 'virtual:bench-plain';
import { Form, Widgets } from '@rjsf/antd';
import { getDefaultRegistry } from '@rjsf/core';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { extendAjv } from '../../../packages/core/src/validate/ajv.js';
import { countRenders, installProbe } from './probe.js';

installProbe();
// the theme's widgets as they are; wrapped only to count renders (`?count`)
const widgets = countRenders({ ...getDefaultRegistry().widgets, ...Widgets });

// extendAjv adds ajv-formats itself (with its keywords), so the validator's own ajv-formats is left out
const validator = customizeValidator({
  ajvOptionsOverrides: { $data: true },
  ajvFormatOptions: false,
  extenderFn: extendAjv,
});

function Ready() {
  useEffect(() => {
    window.benchReady = true;
  }, []);
  return null;
}

const name = new URLSearchParams(location.search).get('case') ?? '';
const entry = cases[name];
if (!entry) window.benchError = `no case '${name}'`;
else
  createRoot(document.getElementById('root') as HTMLElement).render(
    <>
      <Form
        schema={entry.schema}
        uiSchema={entry.uiSchema}
        validator={validator}
        widgets={widgets}
        liveValidate="onChange"
        noHtml5Validate
      />
      <Ready />
    </>,
  );
