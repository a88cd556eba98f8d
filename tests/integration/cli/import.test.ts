import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import { antrag, FIXTURES, lines, ROOT, tempDir } from './support.js';

const CMS = `${FIXTURES}/cms/booking-v2-unknown-type.cms.json`;

describe('antrag import', () => {
  it('writes the DSL document to --out, naming the meta-schema relative to it, with warnings on stderr', async () => {
    const out = join(tempDir('import'), 'forms', 'booking.form.json');
    const run = await antrag('import', 'booking-v2', CMS, '--out', out);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(lines(run.stderr)[0]).toBe(
      'tests/fixtures/cli/cms/booking-v2-unknown-type.cms.json:14:11 /flatData/steps/0/fields/1 warning: Field type Signature is not implemented!',
    );

    const definition = JSON.parse(readFileSync(out, 'utf8'));
    expect(Object.keys(definition)[0]).toBe('$schema');
    expect(resolve(dirname(out), definition.$schema)).toBe(resolve(ROOT, 'packages/core/src/dsl/dsl.schema.json'));
    expect(existsSync(resolve(dirname(out), definition.$schema))).toBe(true);
    expect(definition.id).toBe('cli-v2-unknown');
    // the unknown field type becomes a warning notice in its place, the rest is imported
    const fields = definition.steps.flatMap((s: { fields?: Array<{ name: string; type: string }> }) =>
      (s.fields ?? []).map((f) => `${f.name}:${f.type}`),
    );
    expect(fields).toEqual(['fullName:text', 'signature:info', 'arrival:date']);

    // the output is a valid DSL document: the CLI and the compiler accept it
    const check = await antrag('validate', out);
    expect(check.code).toBe(0);
    const compiled = compileForm(definition);
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.form?.id).toBe('cli-v2-unknown');
  });

  it('writes the DSL document to stdout without --out', async () => {
    const run = await antrag('import', 'booking-v2', CMS, '--id', 'my-booking');
    expect(run.code).toBe(0);
    const definition = JSON.parse(run.stdout);
    expect(definition.id).toBe('my-booking');
    expect(definition.$schema).toBe('./packages/core/src/dsl/dsl.schema.json');
    expect(run.stderr).toMatch(/warning: Field type Signature is not implemented!/);
  });

  it('exits 1 and says what the document looks like when the kind does not match', async () => {
    const run = await antrag('import', 'review', CMS);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/looks like a booking-v2 definition, not review/);
  });

  it('exits 2 for a kind it does not know', async () => {
    const run = await antrag('import', 'booking-v3', CMS);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/booking-v1, booking-v2, review/);
  });

  it('--format json reports the diagnostics with their places', async () => {
    const out = join(tempDir('import'), 'booking.form.json');
    const run = await antrag('import', 'booking-v2', CMS, '--out', out, '--format', 'json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.ok).toBe(true);
    expect(report.diagnostics).toContainEqual({
      file: 'tests/fixtures/cli/cms/booking-v2-unknown-type.cms.json',
      line: 14,
      column: 11,
      endLine: 18,
      endColumn: 12,
      pointer: '/flatData/steps/0/fields/1',
      severity: 'warning',
      code: 'unknown-field-type',
      rule: 'antrag/unknown-type',
      message: 'Field type Signature is not implemented!',
    });
  });
});
