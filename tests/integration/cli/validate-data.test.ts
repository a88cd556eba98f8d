import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueOf, catalogues, lookup } from '../../../packages/core/src/i18n/index.js';
import { antrag, FIXTURES, lines, tempDir } from './support.js';

const FORM = `${FIXTURES}/valid/contact.form.json`;

describe('antrag validate <form> --data <file>', () => {
  it('exits 0 for data the form accepts', async () => {
    const run = await antrag('validate', FORM, '--data', `${FIXTURES}/data/contact.valid.json`);
    expect(run.code).toBe(0);
    expect(lines(run.stdout)).toEqual(['tests/fixtures/cli/data/contact.valid.json is valid for form cli-contact']);
  });

  it('prints each failing field with its message and exits 1', async () => {
    const run = await antrag('validate', FORM, '--data', `${FIXTURES}/data/contact.invalid.json`);
    expect(run.code).toBe(1);
    expect(lines(run.stdout)).toEqual([
      '/email The data is invalid!',
      // required only because topic is 'other'
      '/otherTopic This field is required!',
      '/guests Please enter a whole number',
      // the rule's own message, from the shared fields file the form refers to
      '/zipCode Please enter five digits',
      'tests/fixtures/cli/data/contact.invalid.json is invalid for form cli-contact: 4 errors',
    ]);
  });

  it('translates the messages with --locale', async () => {
    const run = await antrag('validate', FORM, '--data', `${FIXTURES}/data/contact.invalid.json`, '--locale', 'de');
    expect(run.code).toBe(1);
    const required = lookup(catalogueOf('de'), 'validation.required');
    expect(required).toBeDefined();
    expect(required).not.toBe(lookup(catalogues.en, 'validation.required'));
    expect(lines(run.stdout)).toContain(`/otherTopic ${required}`);
  });

  it('--format json gives the errors with pointer, field, message key and message', async () => {
    const run = await antrag('validate', FORM, '--data', `${FIXTURES}/data/contact.invalid.json`, '--format', 'json');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ valid: false, form: 'cli-contact', locale: 'en' });
    expect(report.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/email',
      '/otherTopic',
      '/guests',
      '/zipCode',
    ]);
    expect(report.errors[1]).toMatchObject({
      field: 'otherTopic',
      messageKey: 'validation.required',
      message: 'This field is required!',
    });
  });

  it('selects the variant with --option: the call-back step makes callTime required', async () => {
    const run = await antrag(
      'validate',
      FORM,
      '--data',
      `${FIXTURES}/data/contact.valid.json`,
      '--option',
      'callback=true',
    );
    expect(run.code).toBe(1);
    expect(lines(run.stdout)[0]).toBe('/callTime This field is required!');
  });

  it('checks data against a CMS definition, imported on the fly', async () => {
    const dir = tempDir('data');
    const data = join(dir, 'booking.json');
    writeFileSync(data, JSON.stringify({ fullName: 'Ada Lovelace', arrival: '2031-02-30' }));
    const run = await antrag('validate', `${FIXTURES}/cms/booking-v2-unknown-type.cms.json`, '--data', data);
    expect(run.code).toBe(1);
    expect(lines(run.stdout)[0]).toMatch(/^\/arrival /);
    // the form's warning goes to stderr, so stdout stays the data report
    expect(run.stderr).toMatch(/warning: Field type Signature is not implemented!/);
  });

  it('reports a data file that is not JSON at its line and column, and exits 1', async () => {
    const dir = tempDir('data');
    const data = join(dir, 'broken.json');
    writeFileSync(data, '{\n  "firstName": "Zoë",\n  "email": \n}\n');
    const run = await antrag('validate', FORM, '--data', data);
    expect(run.code).toBe(1);
    expect(lines(run.stdout)[0]).toMatch(/broken\.json:4:1 \/email invalid JSON: expected a value$/);
  });

  it('exits 2 when the data file does not exist', async () => {
    const run = await antrag('validate', FORM, '--data', `${FIXTURES}/data/nowhere.json`);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/nowhere\.json/);
  });
});
