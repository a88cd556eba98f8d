import { describe, expect, it } from 'vitest';
import { closest } from '../../../packages/core/src/compile/suggest.js';
import { antragHere as antrag, FIXTURES, lines } from './support.js';

const FILE = `${FIXTURES}/all-problems/all-problems.form.json`;
const SHARED = `${FIXTURES}/all-problems/shared/fields.json`;

describe('antrag validate reports every problem of a file in one run', () => {
  it('an unknown type and an unknown property hide neither a bad pattern nor a condition on a missing field', async () => {
    const run = await antrag('validate', FILE);
    expect(run.code).toBe(1);
    const out = lines(run.stdout);
    expect(out[0]).toMatch(
      new RegExp(
        `^${FILE}:10:39 /steps/0/fields/0/type Field type txt is not implemented! Did you mean 'text'\\? ` +
          'The field types are: text, email, textarea, .*, locationSelect\\.$',
      ),
    );
    expect(out[1]).toBe(`${FILE}:15:11 /steps/0/fields/1/requird unknown property 'requird'; did you mean 'required'?`);
    expect(out[2]).toMatch(
      new RegExp(`^${FILE}:16:34 /steps/0/fields/1/rules/0/pattern pattern "\\^\\(\\[A-Z\\]\\$" is not`),
    );
    expect(out[3]).toBe(
      `${FILE}:22:24 /steps/0/fields/2/visibleIf visibleIf refers to field 'profession', which does not exist`,
    );
    expect(out.at(-1)).toBe('1 file checked, 1 invalid, 0 warnings');
  });

  it('says nothing that only follows from another problem: a condition on the field of unknown type is fine', async () => {
    const run = await antrag('validate', FILE);
    expect(run.stdout).not.toMatch(/'nickname'/);
    expect(run.stdout).not.toMatch(/\/steps\/0\/fields\/3/);
    // one line per problem: no duplicates, nothing about the step the unresolved $ref leaves short
    const out = lines(run.stdout).slice(0, -1);
    expect(new Set(out).size).toBe(out.length);
    expect(out).toHaveLength(6);
  });

  it('a $ref that points nowhere does not hide errors in the shared files that other $refs bring in', async () => {
    const out = lines((await antrag('validate', FILE)).stdout);
    expect(out[4]).toMatch(
      new RegExp(`^${FILE}:35:72 /steps/1/fields/1/\\$ref \\$ref "\\./shared/fields\\.json#/nothing" points nowhere`),
    );
    expect(out[5]).toMatch(
      new RegExp(
        `^${SHARED}:6:28 /fields/rules/0/pattern pattern "\\[0-9\\{5\\}" is not a valid regular expression.*\\(via \\$ref at ${FILE}:35:28\\)$`,
      ),
    );
  });

  it('--format json gives each diagnostic its rule id and the end of the offending token', async () => {
    const run = await antrag('validate', '--format', 'json', FILE);
    const report = JSON.parse(run.stdout) as {
      diagnostics: Array<Record<string, unknown>>;
    };
    const places = report.diagnostics.map((d) => [d.rule, d.line, d.column, d.endLine, d.endColumn, d.pointer]);
    expect(places).toEqual([
      ['antrag/unknown-type', 10, 39, 10, 44, '/steps/0/fields/0/type'],
      ['antrag/unknown-property', 15, 11, 15, 20, '/steps/0/fields/1/requird'],
      ['antrag/bad-pattern', 16, 34, 16, 44, '/steps/0/fields/1/rules/0/pattern'],
      ['antrag/unknown-field', 22, 24, 22, 70, '/steps/0/fields/2/visibleIf'],
      ['antrag/missing-ref', 35, 72, 35, 103, '/steps/1/fields/1/$ref'],
      ['antrag/bad-pattern', 6, 28, 6, 37, '/fields/rules/0/pattern'],
    ]);
    // the fields there were before stay as they were
    expect(report.diagnostics[1]).toMatchObject({
      file: FILE,
      severity: 'error',
      code: 'dsl-shape',
      message: "unknown property 'requird'; did you mean 'required'?",
    });
  });

  it('a wrong top-level value does not stop the checks of the steps', async () => {
    const run = await antrag(
      'validate',
      `${FIXTURES}/broken/wrong-shape.form.json`,
      `${FIXTURES}/all-problems/wrong-version.form.json`,
    );
    const out = lines(run.stdout);
    expect(out).toContainEqual(
      expect.stringMatching(/wrong-version\.form\.json:4:14 \/version must be of type integer$/),
    );
    expect(out).toContainEqual(
      expect.stringMatching(/wrong-version\.form\.json:\d+:\d+ \/steps\/0\/fields\/0\/visibleIf .*'nowhere'/),
    );
  });
});

describe('closest', () => {
  it('suggests the known name a typo is closest to, and nothing for names far from all', () => {
    expect(closest('txt', ['text', 'email', 'textarea'])).toBe('text');
    expect(closest('requird', ['required', 'requiredIf', 'name'])).toBe('required');
    expect(closest('Text', ['text', 'email'])).toBe('text');
    expect(closest('hologram', ['text', 'email', 'phone'])).toBeUndefined();
    expect(closest('text', ['text', 'email'])).toBeUndefined();
  });
});
