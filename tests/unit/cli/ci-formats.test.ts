import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, githubCommand } from '../../../packages/cli/src/formats.js';
import { antragHere, FIXTURES, lines } from '../../integration/cli/support.js';

const FILE = `${FIXTURES}/all-problems/all-problems.form.json`;
const CMS = `${FIXTURES}/cms`;

interface SarifLog {
  $schema: string;
  version: string;
  runs: Array<{
    tool: { driver: { name: string; version: string; informationUri: string; rules: Array<{ id: string }> } };
    results: Array<{
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: Array<{
        physicalLocation: {
          artifactLocation: { uri: string };
          region: { startLine: number; startColumn: number; endLine: number; endColumn: number };
        };
      }>;
    }>;
  }>;
}

describe('antrag validate --format sarif', () => {
  it('prints one SARIF 2.1.0 log: the tool with its rules, one result per problem with a relative place', async () => {
    const run = await antragHere('validate', '--format', 'sarif', FILE, CMS);
    expect(run.code).toBe(1);
    const log = JSON.parse(run.stdout) as SarifLog;
    expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const { driver } = log.runs[0].tool;
    expect(driver).toMatchObject({ name: 'antrag', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(driver.informationUri).toMatch(/^https:\/\//);
    const ruleIds = driver.rules.map((r) => r.id);
    expect(ruleIds).toEqual([
      'antrag/bad-pattern',
      'antrag/missing-ref',
      'antrag/unknown-field',
      'antrag/unknown-property',
      'antrag/unknown-type',
    ]);
    const results = log.runs[0].results;
    expect(results).toHaveLength(7);
    for (const r of results) {
      expect(ruleIds[r.ruleIndex]).toBe(r.ruleId);
      expect(['error', 'warning']).toContain(r.level);
      expect(r.message.text).not.toBe('');
      const uri = r.locations[0].physicalLocation.artifactLocation.uri;
      expect(uri).toMatch(/^tests\/fixtures\/cli\/[a-z-]+\/[a-z0-9./-]+\.json$/);
    }
    expect(results[1]).toMatchObject({
      ruleId: 'antrag/unknown-property',
      level: 'error',
      message: { text: "/steps/0/fields/1/requird unknown property 'requird'; did you mean 'required'?" },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: FILE },
            region: { startLine: 15, startColumn: 11, endLine: 15, endColumn: 20 },
          },
        },
      ],
    });
    // the CMS warning (an unknown CMS field type) is a SARIF warning
    expect(results.filter((r) => r.level === 'warning').map((r) => r.ruleId)).toEqual(['antrag/unknown-type']);
  });
});

describe('antrag validate --format github', () => {
  it('prints one workflow command per problem, with file, line, col, endLine, endColumn and the rule as title', async () => {
    const run = await antragHere('validate', '--format', 'github', FILE);
    expect(run.code).toBe(1);
    const out = lines(run.stdout);
    expect(out[1]).toBe(
      `::error file=${FILE},line=15,col=11,endLine=15,endColumn=20,title=antrag/unknown-property::` +
        "/steps/0/fields/1/requird unknown property 'requird'; did you mean 'required'?",
    );
    expect(out.slice(0, -1).every((l) => l.startsWith('::error file='))).toBe(true);
    expect(out.at(-1)).toBe('1 file checked, 1 invalid, 0 warnings');
  });

  it('escapes messages and properties as GitHub requires', () => {
    expect(escapeData('100% sure\r\nnext: a, b')).toBe('100%25 sure%0D%0Anext: a, b');
    expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
    const command = githubCommand({
      file: `${process.cwd()}/odd:name,1.form.json`,
      line: 2,
      column: 3,
      pointer: '/x',
      severity: 'warning',
      code: 'unknown-field-type',
      message: 'line one\nline two 50%',
    });
    expect(command).toBe(
      '::warning file=odd%3Aname%2C1.form.json,line=2,col=3,endLine=2,endColumn=3,title=antrag/unknown-type::' +
        '/x line one%0Aline two 50%25',
    );
  });
});

describe('antrag validate --max-warnings', () => {
  it('exits 1 when the warnings (an unknown CMS field type) exceed the maximum, and says so', async () => {
    const run = await antragHere('validate', CMS, '--max-warnings', '0');
    expect(run.code).toBe(1);
    expect(lines(run.stdout).slice(-2)).toEqual([
      '1 file checked, 0 invalid, 1 warning',
      'too many warnings: 1 (maximum: 0)',
    ]);
  });

  it('exits 0 within the maximum, and with -1 or without the option (no limit)', async () => {
    expect((await antragHere('validate', CMS, '--max-warnings', '1')).code).toBe(0);
    expect((await antragHere('validate', CMS, '--max-warnings', '-1')).code).toBe(0);
    expect((await antragHere('validate', CMS)).code).toBe(0);
  });

  it('--format json says ok: false and the maximum', async () => {
    const run = await antragHere('validate', CMS, '--max-warnings', '0', '--format', 'json');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, maxWarnings: 0, summary: { invalid: 0, warnings: 1 } });
  });

  it.each([['x'], ['-2'], ['1.5']])('is a usage error for %s', async (value) => {
    const run = await antragHere('validate', CMS, '--max-warnings', value);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/whole number of warnings/);
  });
});
