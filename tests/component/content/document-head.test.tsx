/**
 * The content site keeps the document's title and description those the server sends in the page's head (issue 20):
 * a page the app draws from answers it asked for itself shows the same title and description as a page sent whole.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageAnswer, SiteAnswer } from '../../../site/web/content/api.js';
import ContentSite from '../../../site/web/content/ContentSite.js';

const site: SiteAnswer = {
  locale: 'de',
  locales: ['en', 'de'],
  assets: {},
  flags: { app: false },
  scripts: { cookieConsent: '', translation: '' },
};

const page: PageAnswer = {
  locale: 'de',
  path: '/contact',
  page: { id: 'page-contact', flatData: { path: '/contact', title: 'Kontakt', blocks: [] } },
  params: {},
  assets: {},
  meta: { title: 'Kontakt – Antrag', description: 'Schreib uns in deiner Sprache.' },
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('the document head of a content page', () => {
  it('takes the title and description the server gives the page', async () => {
    document.head.innerHTML = '<title>Antrag</title><meta name="description" content="Study in Germany">';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => Response.json(String(url).startsWith('/api/content/site') ? site : page)),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ContentSite path="/contact" locale="de" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(document.title).toBe('Kontakt – Antrag'));
    const descriptions = document.head.querySelectorAll('meta[name="description"]');
    expect(descriptions).toHaveLength(1);
    expect(descriptions[0].getAttribute('content')).toBe('Schreib uns in deiner Sprache.');
    expect(document.documentElement.lang).toBe('de');
  });
});
