import { describe, expect, it } from 'vitest';
import { antragHere } from '../../integration/cli/support.js';

describe('antrag <command> --help', () => {
  it.each([
    ['validate', /\$ npx antrag validate schemas --format github/],
    ['compile', /\$ npx antrag compile schemas --out dist\/forms/],
    ['import', /\$ npx antrag import booking-v2 booking\.json --out /],
    ['typegen', /\$ npx antrag typegen schemas --out types/],
    ['studio', /\$ npx antrag studio schemas/],
    ['publish', /\$ npx antrag publish schemas\/contact\/contact-enquiry\.form\.json --server /],
    ['staff', /\$ npm run staff -- add ada@example\.org/],
  ])('%s ends with examples', async (command, example) => {
    const run = await antragHere(command, '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\nExamples:\n {2}\$ npx antrag /);
    expect(run.stdout).toMatch(example);
  });

  it('validate lists the CI options', async () => {
    const run = await antragHere('validate', '--help');
    for (const option of ['--max-warnings <n>', '--watch', '--config <file>', '"sarif"', '"github"']) {
      expect(run.stdout).toContain(option);
    }
  });
});
