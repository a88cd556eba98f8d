/**
 * Bundle page: Antrag's engine. The compiled five-field form in FormRunner with its first step's precompiled
 * validators, loaded with the form, as the web app's form page renders it.
 */
import { form, validators } from 'virtual:bundle-antrag';
import { createRoot } from 'react-dom/client';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { stepwiseValidation } from '../../../packages/react/src/engine/validator.js';

const validation = stepwiseValidation(form, validators, new Map([[0, await validators()]]));
createRoot(document.getElementById('root') as HTMLElement).render(
  <FormRunner form={form} validation={validation} locale="en" />,
);
