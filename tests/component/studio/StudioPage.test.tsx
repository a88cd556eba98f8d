import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StudioPage from '../../../site/web/studio/StudioPage.js';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the /studio route', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("on the site's own server (no studio API) says how to start the studio locally", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404, { ok: false, message: 'No route GET /api/studio/files' })),
    );
    render(<StudioPage path="/" locale="en" />);
    expect(await screen.findByRole('heading', { name: 'The studio runs on your computer' })).toBeTruthy();
    expect(screen.getByText('npx antrag studio schemas')).toBeTruthy();
  });

  it('speaks the page language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404, {})),
    );
    render(<StudioPage path="/" locale="de" />);
    expect(await screen.findByRole('heading', { name: 'Das Studio läuft auf Ihrem Computer' })).toBeTruthy();
  });

  it('says when the folder cannot be read, and tries again on request', async () => {
    const fetch = vi.fn(async () => answer(500, { ok: false, message: 'the studio server failed on this request' }));
    vi.stubGlobal('fetch', fetch);
    render(<StudioPage path="/" locale="en" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The folder could not be read: the studio server failed on this request');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('alert');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
