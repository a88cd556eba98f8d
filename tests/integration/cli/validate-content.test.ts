import { describe, expect, it } from 'vitest';
import { antrag, lines } from './support.js';

const BROKEN = 'tests/fixtures/content/broken';

describe('antrag validate: site content', () => {
  it('checks the seed content of site/content against the content schemas and finds nothing wrong', async () => {
    const run = await antrag('validate', 'site/content');
    expect(run.code).toBe(0);
    expect(lines(run.stdout)).toEqual([expect.stringMatching(/^\d+ files checked, 0 invalid, 0 warnings$/)]);
  });

  it('reports a missing required field, an unknown block type and a broken reference with file, place and pointer', async () => {
    const run = await antrag('validate', BROKEN);
    expect(run.code).toBe(1);
    expect(lines(run.stdout)).toEqual([
      `${BROKEN}/pages/home.json:11:21 /flatData/blocks/0/flatData missing required property 'headline'`,
      `${BROKEN}/pages/home.json:13:23 /flatData/blocks/1/__typename unknown block type "Markdwon" (did you mean "Markdown"?); the block types are listed in @antrag/content/schemas/block.schema.json`,
      `${BROKEN}/pages/home.json:17:35 /flatData/blocks/2/flatData/headline missing required property 'en'`,
      `${BROKEN}/articles.json:10:23 /0/flatData/subCategory/0 unknown sub-category 'sub-missing': no subcategory record has this id`,
      '5 files checked, 2 invalid, 0 warnings',
    ]);
  });

  it('reports a translation missing from or copied into a language the manifest names, at its place', async () => {
    const folder = 'tests/fixtures/content/translations';
    const run = await antrag('validate', folder);
    expect(run.code).toBe(1);
    expect(lines(run.stdout)).toEqual([
      `${folder}/pages/home.json:9:13 /flatData/title/fr the French text is a copy of the English "Study in Berlin": translate it (only names, numbers and addresses may stay as they are)`,
      `${folder}/pages/home.json:15:13 /flatData/description/fr the French text of "Rooms, visas and money." is empty`,
      `${folder}/pages/home.json:36:87 /flatData/blocks/1/flatData/headline/zh the Chinese text is a copy of the English "Partners": translate it (only names, numbers and addresses may stay as they are)`,
      `${folder}/navigation.json:6:18 /flatData/menuItems/1/label no Chinese (zh) text: "Our team" is to be written in every language of content.manifest.json (en, de, fr, zh)`,
      `${folder}/navigation.json:7:18 /flatData/menuItems/2/label "Read our blog" is one text for every language, but it needs translating into German (de), French (fr), Chinese (zh): write it as { "en": …, "de": …, "fr": …, "zh": … }`,
      `${folder}/assets.json:10:13 /0/alt/zh the Chinese text is a copy of the English "The logo of the example bank": translate it (only names, numbers and addresses may stay as they are)`,
      '4 files checked, 3 invalid, 0 warnings',
    ]);
  });

  it('checks only the files given when they lie in a content folder, still against the whole folder', async () => {
    const run = await antrag('validate', `${BROKEN}/articles.json`);
    expect(run.code).toBe(1);
    expect(lines(run.stdout)).toEqual([
      `${BROKEN}/articles.json:10:23 /0/flatData/subCategory/0 unknown sub-category 'sub-missing': no subcategory record has this id`,
      '1 file checked, 1 invalid, 0 warnings',
    ]);
    const valid = await antrag('validate', `${BROKEN}/navigation.json`);
    expect(valid.code).toBe(0);
    expect(lines(valid.stdout)).toEqual(['1 file checked, 0 invalid, 0 warnings']);
  });

  it('reports a manifest that names an unknown record kind', async () => {
    const run = await antrag('validate', 'tests/fixtures/content/bad-manifest');
    expect(run.code).toBe(1);
    expect(lines(run.stdout)[0]).toBe(
      "tests/fixtures/content/bad-manifest/content.manifest.json:2:14 /records unknown property 'blogpost'",
    );
  });

  it('--format json gives each content file with its kind and each problem located', async () => {
    const run = await antrag('validate', '--format', 'json', BROKEN);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.summary).toEqual({ files: 5, valid: 3, invalid: 2, errors: 4, warnings: 0 });
    expect(report.files).toContainEqual({
      file: `${BROKEN}/pages/home.json`,
      kind: 'content:page',
      valid: false,
      errors: 3,
      warnings: 0,
    });
    expect(report.diagnostics[0]).toEqual({
      file: `${BROKEN}/pages/home.json`,
      line: 11,
      column: 21,
      endLine: 11,
      endColumn: 70,
      pointer: '/flatData/blocks/0/flatData',
      severity: 'error',
      code: 'content-shape',
      rule: 'antrag/content-shape',
      message: "missing required property 'headline'",
    });
  });

  it('compiles the content schemas with `validate packages/content` and never takes them for forms', async () => {
    const run = await antrag('validate', '--format', 'json', 'packages/content');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    const content = report.files.filter((f: { file: string }) => f.file.startsWith('packages/content/schemas/'));
    expect(content.length).toBeGreaterThan(60);
    expect(new Set(content.map((f: { kind: string }) => f.kind))).toEqual(new Set(['content-schema']));
    expect(content.every((f: { valid: boolean }) => f.valid)).toBe(true);
    expect(report.summary.invalid).toBe(0);
  });
});
