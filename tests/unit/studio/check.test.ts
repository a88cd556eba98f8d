/**
 * The studio checks the buffer with the CLI's own pipeline: for every fixture, the lines it shows are exactly the
 * lines `antrag validate` prints (same messages, same files, lines, columns and pointers), `$ref`s to other files of
 * the folder included.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateForms } from '../../../packages/cli/src/validate.js';
import { BufferChecker } from '../../../site/web/studio/check.js';

function cliLines(file: string): string[] {
  let out = '';
  validateForms([file], { format: 'text', options: {} }, { stdout: (s) => (out += s), stderr: () => {} });
  return out.split('\n').filter((l) => l !== '' && !/^\d+ files? checked/.test(l));
}

/** A checker over a folder of the repository, reading files as the studio server hands them out. */
function checkerOver(folder: string): { checker: BufferChecker; fetched: string[] } {
  const fetched: string[] = [];
  const checker = new BufferChecker(folder, async (path) => {
    fetched.push(path);
    try {
      return readFileSync(join(folder, path), 'utf8');
    } catch {
      throw Object.assign(new Error('not found'), { status: 404 });
    }
  });
  return { checker, fetched };
}

const FOLDER = 'tests/fixtures';
const CASES = [
  'cli/broken/bad-json.form.json',
  'cli/broken/bad-regex.form.json',
  'cli/broken/missing-condition-field.form.json',
  'cli/broken/missing-ref.form.json',
  'cli/broken/ref-cycle.form.json',
  'cli/broken/wrong-shape.form.json',
  'cli/broken/not-a-form.json',
  'cli/valid/contact.form.json',
  'cli/cms/booking-v2-unknown-type.cms.json',
  'dsl/invalid/unknown-field-type.form.json',
  'dsl/invalid/typo-property.form.json',
  'dsl/invalid/bad-field-name.form.json',
  'dsl/kitchen-sink.form.json',
];

describe('the studio reports what `antrag validate` reports', () => {
  for (const path of CASES) {
    it(path, async () => {
      const { checker } = checkerOver(FOLDER);
      const file = join(FOLDER, path);
      const result = await checker.check(path, readFileSync(file, 'utf8'));
      expect(result.lines).toEqual(cliLines(file));
      expect(result.file).toBe(relative(process.cwd(), file));
    });
  }

  it('checks the text being edited, not the file on disk, and fetches each shared file once', async () => {
    const { checker, fetched } = checkerOver(FOLDER);
    const text = readFileSync(join(FOLDER, 'cli/broken/missing-ref.form.json'), 'utf8');
    const first = await checker.check('cli/broken/missing-ref.form.json', text);
    expect(first.errors).toBe(2);
    const fixed = text
      .replace('#/fields/7', '#/fields/1')
      .replace(
        '{ "$ref": "./shared/no-such-file.json#/fields" }',
        '[{ "name": "note", "type": "text", "label": "Note" }]',
      );
    const second = await checker.check('cli/broken/missing-ref.form.json', fixed);
    expect(second.lines).toEqual([]);
    expect(second.source.form?.id).toBeDefined();
    expect(fetched.filter((p) => p === 'cli/valid/shared/address-fields.json')).toHaveLength(1);
  });

  it("reports a $ref out of the studio's folder as unreadable, without asking the server", async () => {
    const { checker, fetched } = checkerOver(`${FOLDER}/cli/broken`);
    const result = await checker.check(
      'missing-ref.form.json',
      readFileSync(join(FOLDER, 'cli/broken/missing-ref.form.json'), 'utf8'),
    );
    expect(result.lines[0]).toMatch(
      /missing-ref\.form\.json:11:19 \/steps\/0\/fields\/1\/\$ref \$ref "\.\.\/valid\/shared\/address-fields\.json#\/fields\/7" points nowhere: cannot read tests\/fixtures\/cli\/valid\/shared\/address-fields\.json: outside the studio's folder$/,
    );
    expect(fetched).toEqual(['shared/no-such-file.json']);
  });

  it('names files under a folder given as absolute, as the CLI does for a folder outside the working one', async () => {
    const folder = join(process.cwd(), FOLDER, 'cli/broken');
    const { checker } = checkerOver(folder);
    const result = await checker.check(
      'bad-regex.form.json',
      readFileSync(join(folder, 'bad-regex.form.json'), 'utf8'),
    );
    expect(result.file).toBe(`${folder}/bad-regex.form.json`);
    expect(result.lines[0]).toMatch(new RegExp(`^${folder}/bad-regex\\.form\\.json:14:34 `));
  });
});
