/**
 * Patterns that backtrack catastrophically (issue 17): the rule the server and the CLI judge recheck's verdicts by,
 * and where `formFromDocument` reports them (a DSL rule's `pattern`, a CMS document's `validationRegex`). The
 * checker here is a test double (a table of verdicts): recheck itself runs in the integration tests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  keptVerdicts,
  patternDiagnostics,
  type RegexCheck,
  type RegexChecker,
  slowOnProbe,
  unsafePatternReason,
} from '../../../packages/core/src/compile/patternSafety.js';
import { fieldsOf, patternSitesOf } from '../../../packages/core/src/compile/publishLimits.js';
import { formFromDocument, type LoadedDocument, readDocument } from '../../../packages/core/src/document/index.js';

const ROOT = join(import.meta.dirname, '../../..');

const EXPONENTIAL: RegexCheck = {
  status: 'vulnerable',
  complexity: { type: 'exponential' },
  attack: { pattern: "'a'.repeat(31) + '!'" },
};
const polynomial = (degree: number): RegexCheck => ({
  status: 'vulnerable',
  complexity: { type: 'polynomial', degree },
});

/** A test double of recheck: the verdicts of a table, 'safe' for any other pattern; counts its calls. */
function tableChecker(table: Record<string, RegexCheck>): RegexChecker & { calls: string[] } {
  const calls: string[] = [];
  const check = (pattern: string) => {
    calls.push(pattern);
    return table[pattern] ?? { status: 'safe' as const };
  };
  return Object.assign(check, { calls });
}

/** A document read from its JSON text, as the server reads a published definition (no other file to refer to). */
function documentOf(value: unknown): LoadedDocument {
  const text = JSON.stringify(value, null, 2);
  return readDocument('form.json', {
    read: () => text,
    resolve: (_dir, path) => path,
    dirname: () => '',
    display: (file) => file,
  });
}

describe('unsafePatternReason', () => {
  it('refuses exponential time, with the checker’s example', () => {
    expect(unsafePatternReason(EXPONENTIAL)).toBe(
      "can take exponential time to fail on some texts (for example on 'a'.repeat(31) + '!'), which would stall the server",
    );
  });

  it('takes polynomial time up to degree 2 (5,000² steps) and refuses degree 3 and more', () => {
    expect(unsafePatternReason(polynomial(2))).toBeUndefined();
    expect(unsafePatternReason(polynomial(3))).toBe(
      "can take time growing with the cube of the text's length: on the 5,000 characters the server takes that would stall it",
    );
    expect(unsafePatternReason(polynomial(5))).toContain('power 5');
  });

  it('refuses a pattern the checker could not judge, with its reason', () => {
    const reason = unsafePatternReason({ status: 'unknown', error: { kind: 'timeout' } });
    expect(reason).toBe('could not be shown to be safe from catastrophic backtracking (timeout); simplify it');
    expect(unsafePatternReason({ status: 'safe' })).toBeUndefined();
  });
});

describe('patternDiagnostics', () => {
  const definition = {
    id: 'x',
    title: 'x',
    version: 1,
    steps: [
      {
        id: 'a',
        title: 'A',
        fields: [
          { name: 'code', type: 'text', rules: [{ minLength: 2 }, { pattern: '^(a+)+$' }] },
          { name: 'zip', type: 'text', rules: [{ pattern: '^[0-9]{5}$' }] },
          { name: 'again', type: 'text', rules: [{ pattern: '^(a+)+$' }] },
          { name: 'broken', type: 'text', rules: [{ pattern: '[\\w-\\.]' }] },
        ],
      },
    ],
  };

  it('reports each unsafe rule at its pattern, checking each expression once and skipping ones that are none', () => {
    const check = tableChecker({ '^(a+)+$': EXPONENTIAL });
    const found = patternDiagnostics(patternSitesOf(fieldsOf(definition)), check);
    expect(found.map((d) => `${d.code} ${d.pointer}`)).toEqual([
      'unsafe-regex /steps/0/fields/0/rules/1/pattern',
      'unsafe-regex /steps/0/fields/2/rules/0/pattern',
    ]);
    expect(found[0].message).toMatch(/^pattern "\^\(a\+\)\+\$" can take exponential time/);
    expect(found[0].hint).toContain('`^[a-z]+$`, not `^([a-z]+)+$`');
    // '[\w-\.]' is no expression under flag u: the compiler says so, the checker is not asked
    expect(check.calls).toEqual(['^(a+)+$', '^[0-9]{5}$']);
  });

  it('keeps verdicts across checks, but not one that ran out of time', () => {
    let unknown = true;
    const inner = tableChecker({});
    const kept = keptVerdicts((p) =>
      p === 'slow' && unknown ? { status: 'unknown', error: { kind: 'timeout' } } : inner(p),
    );
    kept('a+');
    kept('a+');
    expect(inner.calls).toEqual(['a+']);
    expect(kept('slow').status).toBe('unknown');
    unknown = false;
    expect(kept('slow').status).toBe('safe');
  });
});

describe('formFromDocument with a pattern checker', () => {
  it('reports an unsafe DSL pattern at its place in the file, and leaves the form uncompiled', () => {
    const definition = {
      id: 'probe',
      title: 'Probe',
      version: 1,
      steps: [
        { id: 'a', title: 'A', fields: [{ name: 'x', type: 'text', label: 'X', rules: [{ pattern: '^(a+)+$' }] }] },
      ],
    };
    const source = formFromDocument(
      documentOf(definition),
      {},
      { checkPattern: tableChecker({ '^(a+)+$': EXPONENTIAL }) },
    );
    expect(source.form).toBeUndefined();
    expect(source.diagnostics.map((d) => [d.code, d.pointer, d.line])).toEqual([
      ['unsafe-regex', '/steps/0/fields/0/rules/0/pattern', 16],
    ]);
    // without a checker (the studio in the browser) patterns are not judged
    expect(formFromDocument(documentOf(definition)).form).toBeDefined();
  });

  it("reports an unsafe CMS pattern at the document's validationRegex, as the importer made it whole-value", () => {
    const doc = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/cms/booking-v2.full.json'), 'utf8'));
    doc.flatData.steps[0].fields[0].fieldOptions[0].validationRegex = '(a|aa)+';
    // bookings match the whole value: the importer anchors the expression, and that is what is checked
    const check = tableChecker({ '^(?:(a|aa)+)$': EXPONENTIAL });
    const source = formFromDocument(documentOf(doc), {}, { checkPattern: check });
    const unsafe = source.diagnostics.filter((d) => d.code === 'unsafe-regex');
    expect(unsafe.map((d) => d.pointer)).toEqual(['/flatData/steps/0/fields/0/fieldOptions/0/validationRegex']);
    expect(check.calls).toContain('^(?:(a|aa)+)$');
    expect(source.form).toBeUndefined();
  });

  it('refuses a form past the publish limits without compiling it', () => {
    const fields = Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}`, type: 'text', label: 'F' }));
    const source = formFromDocument(
      documentOf({ id: 'big', title: 'Big', version: 1, steps: [{ id: 'a', title: 'A', fields }] }),
    );
    expect(source.diagnostics.map((d) => `${d.code} ${d.pointer}`)).toEqual(['too-many-fields /steps']);
    expect(source.form).toBeUndefined();
  });
});

describe('slowOnProbe: a second opinion by running the pattern', () => {
  it('finds patterns whose bounded repetitions take long to fail on short texts, which the growth analysis passes', () => {
    for (const pattern of ['^(?:[A-Za-z]{1,10} ?){1,10}$', '^(?:a?){25}a{25}$', '^(?:[a-z]?[a-z]?){20}$']) {
      expect(slowOnProbe(pattern), pattern).toMatch(/^takes too long to fail on short texts \(for example on /);
    }
  });

  it('passes the patterns forms use', () => {
    for (const pattern of [
      '^[0-9]{5}$',
      "^[\\p{L} .'-]+$",
      '^[a-z0-9]+(-[a-z0-9]+)*$',
      '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$',
      '^\\+?[0-9 ()-]{6,20}$',
      '^[^<>]*$',
    ]) {
      expect(slowOnProbe(pattern), pattern).toBeUndefined();
    }
  });
});
