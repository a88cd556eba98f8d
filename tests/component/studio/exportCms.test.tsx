import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { importCms } from '../../../packages/core/src/import/index.js';
import { ExportCmsButton } from '../../../site/web/studio/ExportCms.js';
import { StudioTContext, studioT } from '../../../site/web/studio/i18n.js';
import doc from '../../fixtures/cms/booking-v2.full.json' with { type: 'json' };

function booking(): FormDefinition {
  const { definition } = importCms('booking-v2', structuredClone(doc));
  if (!definition) throw new Error('fixture does not import');
  return definition;
}

describe('the studio’s Export to CMS button', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is not offered for a form that came from no CMS definition, nor while the JSON does not parse', () => {
    const { source: _, ...plain } = booking();
    const { unmount } = render(<ExportCmsButton definition={plain} />);
    expect(screen.queryByRole('button', { name: 'Export to CMS' })).toBeNull();
    unmount();
    render(<ExportCmsButton definition={undefined} />);
    expect(screen.queryByRole('button', { name: 'Export to CMS' })).toBeNull();
    render(<ExportCmsButton definition={booking()} />);
    expect(screen.getByRole('button', { name: 'Export to CMS' })).toBeTruthy();
  });

  it('shows the exported document and what it does not hold, and downloads it named after the form', async () => {
    const user = userEvent.setup();
    const definition = booking();
    definition.steps[0].fields!.push({ type: 'phone', name: 'mobile', label: 'Mobile' });
    render(<ExportCmsButton definition={definition} />);
    await user.click(screen.getByRole('button', { name: 'Export to CMS' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Export to CMS: booking-v2')).toBeTruthy();
    expect(within(dialog).getByText(/'phone'.*'mobile' is not exported/)).toBeTruthy();
    const exported = JSON.parse(within(dialog).getByLabelText('CMS document (JSON)').textContent ?? '');
    expect(exported.flatData.steps[0].fields.map((f: { internalIdentifier: string }) => f.internalIdentifier)).toEqual(
      expect.arrayContaining(['fullName']),
    );
    expect(JSON.stringify(exported)).not.toContain('mobile');

    // jsdom does not navigate: the link the button clicks is caught to read its name and contents
    let link: HTMLAnchorElement | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      link = this;
    });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(link?.download).toBe(`${definition.id}.cms.json`);
    const body = decodeURIComponent(link?.href.slice('data:application/json;charset=utf-8,'.length) ?? '');
    expect(JSON.parse(body)).toEqual(exported);
  });

  it('copies the document', async () => {
    const user = userEvent.setup();
    const definition = booking();
    render(<ExportCmsButton definition={definition} />);
    await user.click(screen.getByRole('button', { name: 'Export to CMS' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Everything in this form is in the CMS document.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeTruthy();
    const copied = await navigator.clipboard.readText();
    expect(JSON.parse(copied)).toEqual(
      JSON.parse(within(dialog).getByLabelText('CMS document (JSON)').textContent ?? ''),
    );
  });

  it('says why there is no document, and offers nothing to download', async () => {
    const user = userEvent.setup();
    render(<ExportCmsButton definition={{ ...booking(), steps: [] }} />);
    await user.click(screen.getByRole('button', { name: 'Export to CMS' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/No CMS document could be made/)).toBeTruthy();
    expect(within(dialog).getByText(/has no steps/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).queryByLabelText('CMS document (JSON)')).toBeNull();
  });

  it('speaks the studio’s language', () => {
    render(
      <StudioTContext.Provider value={studioT('de')}>
        <ExportCmsButton definition={booking()} />
      </StudioTContext.Provider>,
    );
    expect(screen.getByRole('button', { name: 'In das CMS exportieren' })).toBeTruthy();
  });
});
