import { readFileSync } from 'node:fs';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';

export function compileDefinition(definition: FormDefinition): CompiledForm {
  const result = compileForm(definition);
  if (!result.form) throw new Error(`does not compile: ${JSON.stringify(result.diagnostics)}`);
  return result.form;
}

export function compileFile(path: string): CompiledForm {
  return compileDefinition(JSON.parse(readFileSync(path, 'utf8')) as FormDefinition);
}

/** A three-step form of plain text fields: easy to fill in jsdom, with a draft and a final submission. */
export const threeSteps: FormDefinition = {
  id: 'runner-demo',
  title: { en: 'Runner demo' },
  version: 1,
  wizard: { indicator: 'steps' },
  draft: { storageKey: 'RUNNER_DEMO', storage: 'local', resumePrompt: true, clearOnSuccess: true },
  submit: { endpoint: '/api/demo', method: 'POST', encoding: 'json', resultIdField: 'dealID' },
  results: {
    success: {
      status: 'success',
      title: { en: 'Thank you!' },
      showId: 'dealID',
      link: { label: { en: 'Go to homepage' }, href: '/' },
    },
  },
  steps: [
    {
      id: 'one',
      title: { en: 'One' },
      headline: { en: 'About you' },
      sections: [{ fields: [{ name: 'firstName', type: 'text', label: { en: 'First name' }, required: true }] }],
    },
    {
      id: 'two',
      title: { en: 'Two' },
      headline: { en: 'Where you live' },
      sections: [{ fields: [{ name: 'city', type: 'text', label: { en: 'City' }, required: true }] }],
    },
    {
      id: 'three',
      title: { en: 'Three' },
      headline: { en: 'Almost done' },
      sections: [{ fields: [{ name: 'note', type: 'text', label: { en: 'Note' } }] }],
    },
  ],
} as FormDefinition;
