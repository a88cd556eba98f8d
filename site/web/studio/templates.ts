/**
 * Starting points for a new form, as DSL definitions (data, like every form): the author picks one, names the
 * file, and edits from there. Each compiles without a diagnostic (tests/unit/studio/templates.test.ts).
 */
import type { FormDefinition } from '@antrag/core/dsl/types';

export const TEMPLATE_IDS = ['blank', 'enquiry', 'booking'] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

type Template = (id: string) => Omit<FormDefinition, '$schema'>;

const TEMPLATES: Record<TemplateId, Template> = {
  blank: (id) => ({
    id,
    title: { en: 'New form' },
    version: 1,
    steps: [
      {
        id: 'start',
        title: { en: 'Start' },
        fields: [{ name: 'fullName', type: 'text', label: { en: 'Full name' }, required: true }],
      },
    ],
  }),
  enquiry: (id) => ({
    id,
    title: { en: 'Enquiry' },
    version: 1,
    wizard: { indicator: 'none', labels: { done: 'Send' } },
    steps: [
      {
        id: 'enquiry',
        title: { en: 'Enquiry' },
        headline: { en: 'Get in touch with us' },
        fields: [
          { name: 'firstName', type: 'text', label: { en: 'First name' }, required: true },
          { name: 'lastName', type: 'text', label: { en: 'Last name' }, required: true },
          { name: 'email', type: 'email', label: { en: 'Email' }, required: true },
          { name: 'message', type: 'textarea', label: { en: 'Your message' }, required: true },
        ],
      },
    ],
    submit: { endpoint: '/api/internal/contact-form', payload: { mode: 'all' } },
    results: { success: { status: 'success', title: { en: 'Thank you! We will get back to you.' } } },
  }),
  booking: (id) => ({
    id,
    title: { en: 'Booking' },
    version: 1,
    wizard: { indicator: 'steps' },
    steps: [
      {
        id: 'person',
        title: { en: 'About you' },
        fields: [
          { name: 'firstName', type: 'text', label: { en: 'First name' }, required: true },
          { name: 'lastName', type: 'text', label: { en: 'Last name' }, required: true },
          { name: 'birthDate', type: 'date', label: { en: 'Date of birth' }, required: true },
        ],
      },
      {
        id: 'studies',
        title: { en: 'Your studies' },
        fields: [
          {
            name: 'profession',
            type: 'select',
            label: { en: 'Occupation' },
            required: true,
            options: [
              { value: 'student', label: { en: 'Student' } },
              { value: 'employee', label: { en: 'Employee' } },
            ],
          },
          {
            name: 'semester',
            type: 'number',
            label: { en: 'Semester' },
            visibleIf: { field: 'profession', equals: 'student' },
            requiredIf: { field: 'profession', equals: 'student' },
          },
          { name: 'terms', type: 'checkbox', label: { en: 'I accept the terms' }, required: true },
        ],
      },
    ],
    submit: { endpoint: '/api/internal/booking', payload: { mode: 'all', omit: ['terms'] } },
  }),
};

/** The definition of a new form from a template, with `$schema` naming the meta-schema relative to the file. */
export function fromTemplate(template: TemplateId, id: string, schemaRef: string): FormDefinition {
  return { $schema: schemaRef, ...TEMPLATES[template](id) } as FormDefinition;
}

/** A form id from a file name: `bookings/summer-camp.form.json` → `summer-camp`. */
export function idFromPath(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.form\.json$/, '');
  const id = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return id || 'new-form';
}

/** JSON text as the studio writes it (and as `antrag import` does): two-space indentation, a final newline. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
