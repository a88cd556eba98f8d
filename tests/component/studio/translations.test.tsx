import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { textEntries, textsToCsv } from '../../../packages/core/src/builder/index.js';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { TranslationsView } from '../../../site/web/studio/builder/TranslationsView.js';
import { StudioTContext, studioT } from '../../../site/web/studio/i18n.js';

const form: FormDefinition = {
  id: 'rental',
  title: { en: 'Rental', de: 'Miete', fr: 'Location', vi: 'Thuê', es: 'Alquiler', zh: '租赁', ru: 'Аренда' },
  version: 1,
  steps: [
    {
      id: 'rental',
      title: { en: 'Rental', de: 'Miete' },
      fields: [
        { name: 'start', type: 'date', label: 'Start date' },
        {
          name: 'kind',
          type: 'select',
          label: { key: 'validation.required' },
          options: [{ value: 'a', label: 'Flat' }],
        },
      ],
    },
  ],
};

function Harness({ initial, onChange }: { initial: FormDefinition; onChange: (next: FormDefinition) => void }) {
  return <TranslationsView definition={initial} onChange={onChange} />;
}

afterEach(() => vi.restoreAllMocks());

describe('the translations view', () => {
  it('lists every text with English and one language, marks missing ones by a tag and counts them per language', () => {
    render(<Harness initial={form} onChange={() => {}} />);
    const table = screen.getByRole('table', { name: 'Texts of the form by language' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Where', 'English', 'Deutsch']);
    expect(within(table).getByRole('rowheader', { name: 'Step “Rental” › Start date › label' })).toBeTruthy();
    const german = screen.getByRole('textbox', { name: 'Step “Rental” › Start date › label, Deutsch' });
    expect((german as HTMLTextAreaElement).value).toBe('');
    expect(within(german.closest('td') as HTMLElement).getByText('Missing')).toBeTruthy();
    // the title has every language; the step title German only; a date label and an option label English only
    const summary = screen.getByRole('region', { name: 'Missing translations by language' });
    expect(within(summary).getByText('Deutsch:').textContent).toBe('Deutsch: 2 missing');
    expect(within(summary).getByText('Français:').textContent).toBe('Français: 3 missing');
    // a { key } reference is shown, not editable
    expect(screen.getByText('Shared text “validation.required”: translated in its catalogue, not here')).toBeTruthy();
  });

  it('writes a translation into the definition when its field is left', async () => {
    const onChange = vi.fn();
    render(<Harness initial={form} onChange={onChange} />);
    const german = screen.getByRole('textbox', { name: 'Step “Rental” › Start date › label, Deutsch' });
    await userEvent.type(german, 'Beginn');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.tab();
    const next = onChange.mock.lastCall?.[0] as FormDefinition;
    expect(next.steps[0]?.fields?.[0]?.label).toEqual({ en: 'Start date', de: 'Beginn' });
  });

  it('shows only texts missing a shown language, and all languages when asked', async () => {
    render(<Harness initial={form} onChange={() => {}} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show only missing' }));
    const rows = screen.getAllByRole('rowheader').map((r) => r.textContent);
    expect(rows).not.toContain('Form “rental” › title');
    expect(rows).not.toContain('Step “Rental” › title');
    expect(rows).toContain('Step “Rental” › Start date › label');
    await userEvent.click(screen.getByRole('combobox', { name: 'Languages shown' }));
    // antd's list items have no role; their title is the option's label
    const all = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option[title="All languages"]');
      if (!found) throw new Error('no option All languages');
      return found;
    });
    await userEvent.click(all);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Where', 'English', 'Deutsch', 'Français', 'Tiếng Việt', 'Español', '中文', 'Русский']);
    // every language has the form's title now: its row stays out of the missing-only list
    expect(screen.getAllByRole('rowheader').map((r) => r.textContent)).not.toContain('Form “rental” › title');
  });

  it('exports the texts as CSV and XLIFF', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs: a double that keeps what would be downloaded
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:test';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<Harness initial={form} onChange={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await blobs[0]?.text()).toBe(textsToCsv(textEntries(form)).replace(/^\uFEFF/, ''));
    await userEvent.click(screen.getByRole('button', { name: 'Export XLIFF' }));
    const xliff = (await blobs[1]?.text()) ?? '';
    expect(xliff).toContain('trgLang="de"');
    expect(xliff).toContain('<target>Miete</target>');
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('imports a translators’ CSV and lists what did not fit, by line', async () => {
    const onChange = vi.fn();
    render(<Harness initial={form} onChange={onChange} />);
    const csv = 'pointer,en,de\n/steps/0/fields/0/label,Start date,Beginn\n/steps/5/title,Gone,Weg\n';
    const input = screen.getByLabelText('Import CSV or XLIFF', { selector: 'input' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File([csv], 'rental.csv', { type: 'text/csv' })] } });
    });
    const report = await screen.findByRole('status');
    expect(report.textContent).toContain('rental.csv: 1 translation applied.');
    expect(within(report).getByRole('listitem').textContent).toMatch(
      /^Error Line 3: unknown pointer \/steps\/5\/title/,
    );
    const next = onChange.mock.lastCall?.[0] as FormDefinition | undefined;
    expect(next?.steps[0]?.fields?.[0]?.label).toEqual({
      en: 'Start date',
      de: 'Beginn',
    });
  });

  it('refuses a file over 2 MB before reading it', async () => {
    render(<Harness initial={form} onChange={() => {}} />);
    const big = new File(['x'], 'big.xlf');
    Object.defineProperty(big, 'size', { value: 3 * 1024 * 1024 });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Import CSV or XLIFF', { selector: 'input' }), {
        target: { files: [big] },
      });
    });
    expect((await screen.findByRole('alert')).textContent).toContain('big.xlf is larger than 2 MB');
  });

  it('speaks the studio’s language', () => {
    render(
      <StudioTContext.Provider value={studioT('de')}>
        <Harness initial={form} onChange={() => {}} />
      </StudioTContext.Provider>,
    );
    expect(screen.getByRole('checkbox', { name: 'Nur fehlende anzeigen' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Schritt „Rental“ › Start date › label, English' })).toBeTruthy();
  });

  it('has no accessibility violations axe can find in a document', async () => {
    const { container } = render(<Harness initial={form} onChange={() => {}} />);
    // jsdom draws nothing, so colour contrast is left to the browser tests
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
