import { readFileSync } from 'node:fs';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';

/** A form of the repository's `schemas/` folder. */
export function loadForm(path: string): FormDefinition {
  return JSON.parse(readFileSync(new URL(`../../../schemas/${path}`, import.meta.url), 'utf8')) as FormDefinition;
}

/** The forms of `schemas/` written in the DSL. */
export const DSL_FORMS = [
  'health-insurance/health-insurance-booking.form.json',
  'health-insurance/pre-subscription.form.json',
  'blocked-account/blocked-account.form.json',
  'blocked-account/kyc-reverification.form.json',
  'contact/contact-enquiry.form.json',
];

/** The compiler's error diagnostics of a definition, as "code at pointer: message". */
export function errorsOf(def: FormDefinition): string[] {
  return compileForm(def)
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => `${d.code} at ${d.pointer}: ${d.message}`);
}

/** The value frozen all the way down, so that an operation changing its input throws. */
export function deepFrozen<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFrozen(v);
    Object.freeze(value);
  }
  return value;
}

/** A small form: a step with two sections, a step with its own fields. */
export function smallForm(): FormDefinition {
  return {
    id: 'small',
    title: 'Small',
    version: 1,
    texts: { passportLabel: { en: 'Passport', de: 'Reisepass' } },
    steps: [
      {
        id: 'about-you',
        title: { en: 'About you', de: 'Über Sie' },
        sections: [
          {
            headline: 'Name',
            fields: [
              { name: 'firstName', type: 'text', label: 'First name' },
              { name: 'lastName', type: 'text', label: { en: 'Last name', de: 'Nachname' } },
            ],
          },
          {
            headline: 'Choice',
            fields: [
              {
                name: 'profession',
                type: 'select',
                label: 'Profession',
                options: [
                  { value: 'student', label: 'Student' },
                  { value: 'trainee', label: { en: 'Trainee', de: 'Auszubildende' } },
                ],
              },
            ],
          },
        ],
      },
      {
        id: 'documents',
        title: 'Documents',
        fields: [
          { name: 'note', type: 'info', content: 'Please upload.' },
          { name: 'passport', type: 'upload', label: { key: 'passportLabel' } },
        ],
      },
    ],
  };
}
