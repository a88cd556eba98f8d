import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { importCms, importReview } from '../../../packages/core/src/import/index.js';
import { fieldNamed, fieldsOf, fixture } from './support.js';

const REQUIRED = { key: 'validation.FormRequiredMsg' };
const VALIDATE = { key: 'validation.FormValidateMsg' };

describe('importReview: a form using every field type and option', () => {
  const doc = fixture('review.full.json') as {
    steps: Array<{ groups: Array<{ items: Array<{ type: string }> }> }>;
  };
  const result = importReview(doc);
  const definition: FormDefinition = result.definition!;

  it('covers every review field type (fixture guard)', () => {
    const types = new Set(doc.steps.flatMap((s) => s.groups.flatMap((g) => g.items.map((i) => i.type))));
    expect([...types].sort()).toEqual(
      [
        'input',
        'rate',
        'datepicker',
        'select',
        'textarea',
        'radiogroup',
        'checkbutton',
        'checkbox',
        'uni-select',
        'program-select',
        'currency',
        'uni-location-select',
      ].sort(),
    );
  });

  it('imports without diagnostics', () => {
    expect(result.diagnostics).toEqual([]);
  });

  it('takes id, title and description from the headline and description', () => {
    expect(definition).toMatchObject({
      id: 'review-your-university',
      title: 'Review your University',
      description: 'Share your experience with future students.',
      version: 1,
      source: { kind: 'review' },
    });
    expect(definition.draft).toBeUndefined();
  });

  it('makes one step per step and one section per group', () => {
    expect(
      definition.steps.map(({ sections, ...step }) => ({
        ...step,
        sections: sections!.map(({ fields, ...section }) => ({ ...section, fields: fields.map((f) => f.name) })),
      })),
    ).toEqual([
      {
        id: 'your-university',
        title: 'Your University',
        headline: 'Which university?',
        tooltip: 'Pick the one you attend.',
        sections: [
          {
            headline: 'University',
            description: 'Where you study',
            layout: 'horizontal',
            fields: ['university', 'program', 'location'],
          },
          { layout: 'vertical', fields: ['startMonth', 'nickname'] },
        ],
      },
      {
        id: 'ratings',
        title: 'Ratings',
        sections: [{ layout: 'vertical', fields: ['overall', 'semester', 'country', 'recommend', 'liked'] }],
      },
      {
        id: 'details',
        title: 'Details',
        sections: [{ layout: 'vertical', fields: ['experience', 'tips', 'rent', 'consent', 'newsletter'] }],
      },
    ]);
    expect(definition.steps.every((s) => s.fields === undefined)).toBe(true);
  });

  it('maps every field type with its options and messages', () => {
    expect(fieldsOf(definition)).toEqual([
      {
        type: 'universitySelect',
        name: 'university',
        label: 'University',
        placeholder: 'Search a university',
        icon: 'degree',
        required: true,
        requiredMessage: REQUIRED,
        options: [
          { value: 'u-1', label: 'TU Berlin' },
          { value: 'u-2', label: 'LMU München' },
        ],
        allowCustom: true,
      },
      {
        type: 'programSelect',
        name: 'program',
        label: 'Program',
        icon: 'degree',
        required: true,
        requiredMessage: REQUIRED,
        dependsOn: 'university',
      },
      { type: 'locationSelect', name: 'location', label: 'Campus', icon: 'pin', dependsOn: 'university' },
      {
        type: 'month',
        name: 'startMonth',
        label: 'Start of studies',
        placeholder: 'Select month',
        required: true,
        requiredMessage: REQUIRED,
      },
      {
        type: 'text',
        name: 'nickname',
        label: 'Nickname',
        description: 'Shown with your review',
        // The review CMS does not ask for a whole-value match: the regex is kept as given.
        rules: [{ pattern: '^[a-z]+$', message: VALIDATE }],
      },
      {
        type: 'rate',
        name: 'overall',
        label: 'Overall',
        required: true,
        requiredMessage: REQUIRED,
        count: 5,
        allowClear: false,
      },
      {
        type: 'select',
        name: 'semester',
        label: 'Semester',
        required: true,
        requiredMessage: REQUIRED,
        options: [
          { value: 1, label: 'First' },
          { value: 2, label: 'Second' },
        ],
        display: 'searchable',
        allowCustom: true,
        valueType: 'number',
      },
      {
        type: 'select',
        name: 'country',
        label: 'Country of origin',
        options: [],
        display: 'searchable',
        allowCustom: true,
      },
      {
        type: 'select',
        name: 'recommend',
        label: 'Would you recommend it?',
        required: true,
        requiredMessage: REQUIRED,
        options: [
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ],
        display: 'radio',
      },
      {
        type: 'multiselect',
        name: 'liked',
        label: 'What did you like?',
        options: [
          { value: 'campus', label: 'Campus' },
          { value: 'teachers', label: 'Teachers' },
          { value: 3, label: 'City' },
        ],
        display: 'buttons',
      },
      {
        type: 'textarea',
        name: 'experience',
        label: 'Your experience',
        required: true,
        requiredMessage: REQUIRED,
        rules: [{ pattern: '\\S', message: VALIDATE }],
        maxLength: 500,
      },
      { type: 'textarea', name: 'tips', label: 'Tips' },
      {
        type: 'currency',
        name: 'rent',
        label: 'Monthly rent',
        placeholder: '0',
        currency: 'EUR',
        symbolPosition: 'suffix',
      },
      {
        type: 'checkbox',
        name: 'consent',
        label: 'I agree to publish',
        required: true,
        requiredMessage: 'This field is required!',
      },
      { type: 'checkbox', name: 'newsletter', label: 'Newsletter' },
    ]);
  });

  it('posts every answer to the action with the language header', () => {
    expect(definition.submit).toEqual({
      endpoint: '/api/reviews/university',
      method: 'POST',
      encoding: 'json',
      headers: { 'X-Language': { locale: true } },
      payload: { mode: 'all' },
    });
  });

  it('shows the CMS messages on success and failure, with a way home', () => {
    expect(definition.results).toEqual({
      success: { status: 'success', title: 'Thanks for your review!', link: { label: 'Back to home', href: '/' } },
      failure: {
        status: 'warning',
        title: 'Your review could not be sent.',
        link: { label: 'Back to home', href: '/' },
      },
    });
  });

  it('uses dots on desktop and a progress bar on mobile, hidden on the first step', () => {
    expect(definition.wizard).toEqual({
      indicator: 'dots',
      mobileIndicator: 'progress',
      hideIndicatorOnFirstStep: true,
      mobileStepCount: true,
    });
  });

  it('is what importCms gives for review, and opts.id overrides the id', () => {
    expect(importCms('review', doc)).toEqual(result);
    expect(importReview(doc, { id: 'uni-review' }).definition!.id).toBe('uni-review');
  });
});

describe('importReview: nulls and missing optional properties', () => {
  const result = importReview(fixture('review.nulls.json'));
  const definition = result.definition!;

  it('omits nulls and uses the default messages', () => {
    expect(definition).toMatchObject({ id: 'minimal', title: 'Minimal' });
    expect(definition).not.toHaveProperty('description');
    expect(definition.results).toEqual({
      success: { status: 'success', title: 'Thank you!', link: { label: 'Back to home', href: '/' } },
      failure: { status: 'warning', title: 'booking form submit failed', link: { label: 'Back to home', href: '/' } },
    });
    expect(definition.steps).toEqual([
      {
        id: 'only',
        title: 'Only',
        sections: [
          {
            layout: 'vertical',
            fields: [
              { type: 'text', name: 'a', label: 'A' },
              { type: 'universitySelect', name: 'b', label: 'B', allowCustom: true },
              { type: 'programSelect', name: 'c', label: 'C' },
            ],
          },
        ],
      },
    ]);
  });

  it('warns that a program select has no university to wait for', () => {
    expect(result.diagnostics.map((d) => [d.severity, d.code, d.pointer])).toEqual([
      ['warning', 'missing-dependency', '/steps/0/groups/0/items/2'],
    ]);
  });
});

describe('importReview: unknown field types', () => {
  const result = importReview(fixture('review.unknown-type.json'));
  const definition = result.definition!;

  it('puts a warning notice in their place, keeping every step and group', () => {
    expect(result.diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'unknown-field-type',
        message: 'Field type slider is not implemented!',
        pointer: '/steps/0/groups/0/items/1',
      },
      {
        severity: 'warning',
        code: 'unknown-field-type',
        message: 'Field type video is not implemented!',
        pointer: '/steps/0/groups/1/items/0',
      },
      {
        severity: 'warning',
        code: 'unknown-field-type',
        message: 'Field type map is not implemented!',
        pointer: '/steps/1/groups/0/items/0',
      },
      expect.objectContaining({ code: 'empty-step', pointer: '/steps/1' }),
      expect.objectContaining({ code: 'empty-step', pointer: '/steps/2' }),
    ]);
    expect(
      fieldsOf(definition)
        .filter((f) => f.type !== 'info')
        .map((f) => f.name),
    ).toEqual(['a', 'c']);
    expect(
      fieldsOf(definition)
        .filter((f) => f.type === 'info')
        .map((f) => f.content),
    ).toEqual([
      'Field type slider is not implemented!',
      'Field type video is not implemented!',
      'Field type map is not implemented!',
    ]);
    expect(
      definition.steps.map((s) => [s.id, s.sections!.map((g) => g.fields.filter((f) => f.type !== 'info').length)]),
    ).toEqual([
      ['mixed', [2, 0]],
      ['gone', [0]],
      ['no-groups', []],
    ]);
  });
});

describe('importReview: edge cases', () => {
  const result = importReview(fixture('review.edge.json'));
  const definition = result.definition!;

  it('lists exactly these diagnostics, still giving a definition', () => {
    expect(result.diagnostics.map((d) => [d.severity, d.code, d.pointer])).toEqual([
      ['warning', 'ignored-property', '/steps/0/groups/0/items/0/options'],
      ['warning', 'ignored-property', '/steps/0/groups/0/items/0/inputLength'],
      ['error', 'bad-regex', '/steps/0/groups/0/items/0/validationRegex'],
      ['error', 'duplicate-field', '/steps/0/groups/0/items/1'],
      ['warning', 'ignored-property', '/steps/0/groups/0/items/2/dependencies/1'],
      ['warning', 'no-options', '/steps/0/groups/0/items/3'],
      ['error', 'bad-field-name', '/steps/1/groups/0/items/1/field'],
      ['warning', 'unknown-dependency', '/steps/0/groups/0/items/2/dependencies/0'],
    ]);
  });

  it('falls back to a fixed id for a blank headline and makes step ids unique', () => {
    expect(definition.id).toBe('review');
    expect(definition.steps.map((s) => s.id)).toEqual(['step', 'step-2']);
  });

  it('keeps the bad regex and the first dependency', () => {
    expect(fieldsOf(definition)[0]).toEqual({
      type: 'text',
      name: 'dup',
      label: 'Dup',
      rules: [{ pattern: '*bad', message: VALIDATE }],
    });
    expect(fieldNamed(definition, 'program')).toEqual({
      type: 'programSelect',
      name: 'program',
      label: 'Program',
      dependsOn: 'missingUni',
    });
  });
});
