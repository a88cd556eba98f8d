import { describe, expect, it } from 'vitest';
import { antrag, FIXTURES, lines } from './support.js';

const BROKEN = `${FIXTURES}/broken`;

describe('antrag validate', () => {
  it('exits 0 with only a summary line when every form is valid ($ref to shared fields included)', async () => {
    const run = await antrag('validate', `${FIXTURES}/valid`);
    expect(run.code).toBe(0);
    expect(lines(run.stdout)).toEqual(['1 file checked, 0 invalid, 0 warnings']);
  });

  it('reports a regex that does not compile at the line and column of the pattern', async () => {
    const run = await antrag('validate', `${BROKEN}/bad-regex.form.json`);
    expect(run.code).toBe(1);
    const [line, summary] = lines(run.stdout);
    expect(line).toMatch(
      /^tests\/fixtures\/cli\/broken\/bad-regex\.form\.json:14:34 \/steps\/0\/fields\/0\/rules\/0\/pattern .*"\^\(\[A-Z0-9\]\{6,10\}\$".*regular expression/,
    );
    expect(summary).toBe('1 file checked, 1 invalid, 0 warnings');
  });

  it('reports a $ref that points nowhere at the line and column of the $ref, for a missing pointer and a missing file', async () => {
    const run = await antrag('validate', `${BROKEN}/missing-ref.form.json`);
    expect(run.code).toBe(1);
    const out = lines(run.stdout);
    expect(out[0]).toMatch(
      /^tests\/fixtures\/cli\/broken\/missing-ref\.form\.json:11:19 \/steps\/0\/fields\/1\/\$ref \$ref "\.\.\/valid\/shared\/address-fields\.json#\/fields\/7" points nowhere: .*address-fields\.json has no value at \/fields\/7/,
    );
    expect(out[1]).toMatch(
      /^tests\/fixtures\/cli\/broken\/missing-ref\.form\.json:17:27 \/steps\/1\/fields\/\$ref \$ref "\.\/shared\/no-such-file\.json#\/fields" points nowhere: .*file not found/,
    );
    expect(out).toHaveLength(3);
  });

  it('reports a $ref cycle in the file that closes it, naming the $ref that led there', async () => {
    const run = await antrag('validate', `${BROKEN}/ref-cycle.form.json`);
    expect(run.code).toBe(1);
    expect(lines(run.stdout)[0]).toMatch(
      /^tests\/fixtures\/cli\/broken\/shared\/cycle\.json:5:26 \/step\/fields\/0\/\$ref .*makes a cycle.*\(via \$ref at tests\/fixtures\/cli\/broken\/ref-cycle\.form\.json:5:23\)$/,
    );
  });

  it("reports bad JSON with the parser's line, column and error", async () => {
    const run = await antrag('validate', `${BROKEN}/bad-json.form.json`);
    expect(run.code).toBe(1);
    expect(lines(run.stdout)[0]).toBe(
      "tests/fixtures/cli/broken/bad-json.form.json:5:3 /steps invalid JSON: expected ','",
    );
  });

  it('reports shape errors of a DSL file against the meta-schema where they are', async () => {
    const run = await antrag('validate', `${BROKEN}/wrong-shape.form.json`);
    expect(run.code).toBe(1);
    const out = lines(run.stdout);
    expect(out).toContainEqual(
      expect.stringMatching(/^tests\/fixtures\/cli\/broken\/wrong-shape\.form\.json:4:14 \/version /),
    );
    expect(out).toContainEqual(
      expect.stringMatching(/^tests\/fixtures\/cli\/broken\/wrong-shape\.form\.json:9:83 \/steps\/0\/fields\/0\/rows /),
    );
  });

  it('reports a condition on a field that does not exist, naming the field', async () => {
    const run = await antrag('validate', `${BROKEN}/missing-condition-field.form.json`);
    expect(run.code).toBe(1);
    expect(lines(run.stdout)[0]).toMatch(
      /^tests\/fixtures\/cli\/broken\/missing-condition-field\.form\.json:14:24 \/steps\/0\/fields\/0\/visibleIf .*'profession'/,
    );
  });

  it('names a .json file given explicitly that is neither a DSL nor a CMS definition', async () => {
    const run = await antrag('validate', `${BROKEN}/not-a-form.json`);
    expect(run.code).toBe(1);
    expect(lines(run.stdout)[0]).toMatch(
      /^tests\/fixtures\/cli\/broken\/not-a-form\.json:1:1 \/ not a form: expected a DSL/,
    );
  });

  it('imports a CMS definition found by its shape; an unknown field type is a warning and the exit code stays 0', async () => {
    const run = await antrag('validate', `${FIXTURES}/cms`);
    expect(run.code).toBe(0);
    expect(lines(run.stdout)).toEqual([
      'tests/fixtures/cli/cms/booking-v2-unknown-type.cms.json:14:11 /flatData/steps/0/fields/1 warning: Field type Signature is not implemented!',
      '1 file checked, 0 invalid, 1 warning',
    ]);
  });

  it('keeps processing the other files after a broken one', async () => {
    // bad-json sorts first in its folder; the valid form comes last on the command line
    const run = await antrag('validate', BROKEN, `${FIXTURES}/cms`, `${FIXTURES}/valid/contact.form.json`);
    expect(run.code).toBe(1);
    const out = lines(run.stdout);
    const files = new Set(out.slice(0, -1).map((l) => l.split(':')[0]));
    expect(files).toEqual(
      new Set([
        'tests/fixtures/cli/broken/bad-json.form.json',
        'tests/fixtures/cli/broken/bad-regex.form.json',
        'tests/fixtures/cli/broken/missing-condition-field.form.json',
        'tests/fixtures/cli/broken/missing-ref.form.json',
        'tests/fixtures/cli/broken/shared/cycle.json',
        'tests/fixtures/cli/broken/wrong-shape.form.json',
        'tests/fixtures/cli/cms/booking-v2-unknown-type.cms.json',
      ]),
    );
    // folders are searched for *.form.json and *.cms.json only: not-a-form.json is not picked up
    expect(out.at(-1)).toBe('8 files checked, 6 invalid, 1 warning');
  });

  it('--format json prints one JSON document with located diagnostics and a summary, and nothing else', async () => {
    const run = await antrag('validate', '--format', 'json', `${BROKEN}/bad-regex.form.json`, `${FIXTURES}/valid`);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.ok).toBe(false);
    expect(report.summary).toEqual({ files: 2, valid: 1, invalid: 1, errors: 1, warnings: 0 });
    expect(report.files).toEqual([
      {
        file: 'tests/fixtures/cli/broken/bad-regex.form.json',
        kind: 'dsl',
        form: 'cli-bad-regex',
        valid: false,
        errors: 1,
        warnings: 0,
      },
      {
        file: 'tests/fixtures/cli/valid/contact.form.json',
        kind: 'dsl',
        form: 'cli-contact',
        valid: true,
        errors: 0,
        warnings: 0,
      },
    ]);
    expect(report.diagnostics).toEqual([
      {
        file: 'tests/fixtures/cli/broken/bad-regex.form.json',
        line: 14,
        column: 34,
        endLine: 14,
        endColumn: 53,
        pointer: '/steps/0/fields/0/rules/0/pattern',
        severity: 'error',
        code: expect.any(String),
        rule: 'antrag/bad-pattern',
        message: expect.stringMatching(/regular expression/),
      },
    ]);
  });

  it('--option selects a variant; an option the form does not have is an error', async () => {
    expect((await antrag('validate', `${FIXTURES}/valid`, '--option', 'callback=true')).code).toBe(0);
    const run = await antrag('validate', `${FIXTURES}/valid`, '--option', 'faceVerification=false');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/contact\.form\.json:\d+:\d+ \/options .*'faceVerification'/);
  });

  it.each([
    ['an unknown command', ['frobnicate']],
    ['an unknown option', ['validate', '--bogus', `${FIXTURES}/valid`]],
    ['a missing argument', ['validate']],
    ['a path that does not exist', ['validate', `${FIXTURES}/valid`, `${FIXTURES}/nowhere.form.json`]],
    ['an --option without =', ['validate', `${FIXTURES}/valid`, '--option', 'callback']],
    ['an unknown --format', ['validate', `${FIXTURES}/valid`, '--format', 'xml']],
    [
      '--data with two forms',
      ['validate', `${FIXTURES}/valid`, BROKEN, '--data', `${FIXTURES}/data/contact.valid.json`],
    ],
  ])('exits 2 on %s, with the reason on stderr and nothing on stdout', async (_what, args) => {
    const run = await antrag(...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/error/);
  });

  it('exits 0 for --help on every command', async () => {
    for (const command of [[], ['validate'], ['compile'], ['import'], ['typegen']]) {
      const run = await antrag(...command, '--help');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Usage: antrag/);
    }
  });
});
