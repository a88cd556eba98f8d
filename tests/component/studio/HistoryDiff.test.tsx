/**
 * The readable difference between two versions of a form (issue 18), as the history and publish dialogs show it:
 * steps, fields and texts added, removed and changed by name, other settings by name, and the JSON line by line
 * with long unchanged runs folded and added or removed lines named for screen readers.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DiffView } from '../../../site/web/studio/DiffView.js';
import { formLineDiff, summarizeFormDiff } from '../../../site/web/studio/formDiff.js';
import { StudioTContext, studioT } from '../../../site/web/studio/i18n.js';

const before = {
  id: 'rental',
  title: 'Rental',
  version: 1,
  texts: { intro: { en: 'Hello' }, gone: { en: 'Bye' } },
  steps: [
    {
      id: 'about',
      title: 'About you',
      fields: [
        { name: 'fullName', type: 'text', label: 'Full name', required: true },
        { name: 'phone', type: 'phone', label: 'Phone' },
      ],
    },
    { id: 'old', title: 'Old step', fields: [{ name: 'note', type: 'text', label: 'Note' }] },
  ],
};

const after = {
  id: 'rental',
  title: 'Rental booking',
  version: 1,
  texts: { intro: { en: 'Hello', de: 'Hallo' }, added: { en: 'New' } },
  steps: [
    {
      id: 'about',
      title: 'About you',
      fields: [
        { name: 'fullName', type: 'text', label: 'Your full name', required: false },
        { name: 'start', type: 'date', label: 'Start' },
      ],
    },
    { id: 'files', title: 'Files', fields: [{ name: 'passport', type: 'upload', label: 'Passport' }] },
  ],
};

describe('the difference between two versions', () => {
  it('names what was added, removed and changed', () => {
    expect(summarizeFormDiff(before, after)).toEqual({
      steps: { added: ['files'], removed: ['old'], changed: ['about'] },
      fields: {
        added: ['start', 'passport'],
        removed: ['phone', 'note'],
        changed: [{ name: 'fullName', properties: ['label', 'required'] }],
      },
      texts: { added: ['added'], removed: ['gone'], changed: ['intro'] },
      settings: ['title'],
    });
  });

  it('names a field whose placeholder changed, in a section or a payers dialog, and not its step', () => {
    const form = (placeholder?: string, itemLabel = 'Name') => ({
      id: 'apply',
      title: 'Apply',
      version: 1,
      steps: [
        {
          id: 'one',
          title: 'One',
          sections: [
            {
              title: 'You',
              fields: [
                { name: 'firstName', type: 'text', label: 'First name', ...(placeholder ? { placeholder } : {}) },
              ],
            },
          ],
          fields: [
            {
              name: 'payers',
              type: 'payers',
              label: 'Payers',
              itemFields: [{ name: 'payerName', type: 'text', label: itemLabel }],
            },
          ],
        },
      ],
    });
    expect(summarizeFormDiff(form(), form('e.g. Anna', 'Full name'))).toEqual({
      steps: { added: [], removed: [], changed: [] },
      fields: {
        added: [],
        removed: [],
        changed: [
          { name: 'payerName', properties: ['label'] },
          { name: 'firstName', properties: ['placeholder'] },
        ],
      },
      texts: { added: [], removed: [], changed: [] },
      settings: [],
    });
    render(
      <StudioTContext.Provider value={studioT('en')}>
        <DiffView before={form()} after={form('e.g. Anna')} />
      </StudioTContext.Provider>,
    );
    const summary = screen.getByTestId('studio-diff-summary');
    expect([...summary.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Field firstName changed: placeholder',
    ]);
  });

  it('finds nothing between a form and the same form with its keys in another order', () => {
    const shuffled = JSON.parse(JSON.stringify(before, Object.keys(before).reverse()));
    const summary = summarizeFormDiff(before, { ...shuffled, steps: before.steps, texts: before.texts });
    expect(summary.settings).toEqual([]);
    expect(summary.fields.changed).toEqual([]);
  });

  it('folds long unchanged runs of the JSON and keeps the changed lines', () => {
    const long = { ...before, steps: [...before.steps, ...Array.from({ length: 5 }, (_, i) => ({ id: `s${i}` }))] };
    const lines = formLineDiff(long, { ...long, title: 'Renamed' });
    expect(lines.filter((l) => l.kind === 'removed')).toEqual([{ kind: 'removed', text: '  "title": "Rental",' }]);
    expect(lines.filter((l) => l.kind === 'added')).toEqual([{ kind: 'added', text: '  "title": "Renamed",' }]);
    const folded = lines.filter((l) => l.kind === 'folded');
    expect(folded).toHaveLength(1);
    expect(folded[0].kind === 'folded' && folded[0].count).toBeGreaterThan(20);
  });

  it('draws the summary and the lines, in the studio language', () => {
    render(
      <StudioTContext.Provider value={studioT('en')}>
        <DiffView before={before} after={after} />
      </StudioTContext.Provider>,
    );
    const summary = screen.getByTestId('studio-diff-summary');
    expect([...summary.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Steps added: files',
      'Steps removed: old',
      'Steps changed: about',
      'Fields added: start, passport',
      'Fields removed: phone, note',
      'Field fullName changed: label, required',
      'Texts added: added',
      'Texts removed: gone',
      'Texts changed: intro',
      'Form settings changed: title',
    ]);
    const lines = screen.getByTestId('studio-diff-lines');
    expect(lines.textContent).toContain('removed: -   "title": "Rental",');
    expect(lines.textContent).toContain('added: +   "title": "Rental booking",');
  });

  it('says so when two versions hold the same form', () => {
    render(
      <StudioTContext.Provider value={studioT('fr')}>
        <DiffView before={before} after={structuredClone(before)} />
      </StudioTContext.Provider>,
    );
    expect(screen.getByText('Aucune différence : les deux contiennent le même formulaire.')).toBeTruthy();
    expect(screen.queryByTestId('studio-diff-lines')).toBeNull();
  });
});
