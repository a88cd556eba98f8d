/**
 * `antrag validate` reports what the server would refuse at publish (issue 17): a pattern that backtracks
 * catastrophically (checked with recheck, as the server checks it), in a DSL rule and in a CMS document's
 * validationRegEx, each at its place, and a form past the publish limits; the shipped forms pass.
 */
import { describe, expect, it } from 'vitest';
import { antrag, FIXTURES, lines } from './support.js';

const LIMITS = `${FIXTURES}/limits`;

describe('antrag validate: the limits of a publish', () => {
  it('reports a catastrophic DSL pattern at the line and column of its pattern, and passes the postal code', async () => {
    const run = await antrag('validate', `${LIMITS}/catastrophic.form.json`);
    expect(run.code).toBe(1);
    const [line, summary, ...rest] = lines(run.stdout);
    expect(line).toMatch(
      /^tests\/fixtures\/cli\/limits\/catastrophic\.form\.json:14:34 \/steps\/0\/fields\/0\/rules\/0\/pattern pattern "\^\(a\+\)\+\$" can take exponential time to fail on some texts \(for example on .+\), which would stall the server; let no part of a text be matched in more than one way/,
    );
    expect(summary).toBe('1 file checked, 1 invalid, 0 warnings');
    expect(rest).toEqual([]);
  });

  it('reports a catastrophic CMS validationRegEx at its place in the CMS document, with a rule id', async () => {
    const run = await antrag('validate', `${LIMITS}/booking-v1-catastrophic.cms.json`, '--format', 'json');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as {
      diagnostics: Array<{ pointer: string; line: number; rule: string; severity: string }>;
    };
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([
      expect.objectContaining({
        pointer: '/0/customerData/0/fields/1/validationRegEx',
        line: 42,
        rule: 'antrag/unsafe-regex',
      }),
    ]);
  });

  it('reports a form whose options make more variants than the server compiles, at /options', async () => {
    const run = await antrag('validate', `${LIMITS}/many-variants.form.json`);
    expect(run.code).toBe(1);
    expect(lines(run.stdout)[0]).toBe(
      "tests/fixtures/cli/limits/many-variants.form.json:5:14 /options the form's options make 32 variants, each compiled; a form may have at most 16; the server refuses larger forms",
    );
  });

  it('finds no pattern of the shipped forms unsafe and none of them past a limit', async () => {
    const run = await antrag('validate', 'schemas', '--format', 'json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { diagnostics: Array<{ severity: string }> };
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
