/**
 * The study guide (spec 002 §2.1, §2.4, §2.5): on the article page related-article cards open in a new tab and the
 * three share buttons are plain links to the networks' share pages with the article's address; elsewhere article
 * cards open in the same tab; on category pages the active category is the current page.
 */
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ArticlePage } from '../../../site/web/content/ArticlePage.js';
import type { ArticleAnswer } from '../../../site/web/content/api.js';
import { SiteContext, type SiteContextValue } from '../../../site/web/content/context.js';
import { PageBlocks } from '../../../site/web/content/PageBlocks.js';

function wrap(node: ReactNode, context: Partial<SiteContextValue> = {}) {
  const value: SiteContextValue = { locale: 'en', assets: {}, flags: { app: false }, viewport: 'desktop', ...context };
  return render(<SiteContext.Provider value={value}>{node}</SiteContext.Provider>);
}

const related = { id: 'a2', flatData: { title: 'Finding a room', slug: 'finding-a-room', cardText: 'Where to look.' } };

const answer: ArticleAnswer = {
  locale: 'de',
  assets: {},
  categories: [],
  article: {
    id: 'a1',
    lastModified: '2026-04-10T09:00:00Z',
    flatData: {
      title: 'The student visa',
      slug: 'student-visa-checklist',
      cardText: 'Which documents you need.',
      content: 'Plain text.',
      referenceArticles: [related],
    },
  },
};

describe('the article page', () => {
  it('opens related articles in a new tab, saying so', () => {
    wrap(<ArticlePage answer={answer} />);
    const section = screen.getByRole('heading', { name: 'Related Articles' }).closest('section') as HTMLElement;
    const link = within(section).getByRole('link', { name: /Finding a room/ });
    expect(link.getAttribute('href')).toBe('/blog/finding-a-room/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toContain('opens in a new tab');
  });

  it('shares the article address on three networks through plain links', () => {
    wrap(<ArticlePage answer={answer} />, { locale: 'de' });
    const address = encodeURIComponent(`${window.location.origin}/de/blog/student-visa-checklist/`);
    const links = screen.getAllByRole('link', { name: /^Auf .* teilen$/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `https://www.facebook.com/sharer/sharer.php?u=${address}`,
      `https://twitter.com/intent/tweet?url=${address}&text=${encodeURIComponent('The student visa')}`,
      `https://www.linkedin.com/sharing/share-offsite/?url=${address}`,
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    // nothing of the networks is loaded
    expect(document.querySelector('script, iframe')).toBeNull();
  });
});

describe('article card lists', () => {
  it('open an article in the same tab', () => {
    wrap(<PageBlocks blocks={[{ __typename: 'ArticleCardList', id: 'l', flatData: { items: [related] } }]} />);
    const link = screen.getByRole('link', { name: 'Finding a room' });
    expect(link.getAttribute('href')).toBe('/blog/finding-a-room/');
    expect(link.hasAttribute('target')).toBe(false);
  });
});

describe('a study-guide category page', () => {
  it('marks the active category as the current page', () => {
    wrap(
      <PageBlocks
        blocks={[
          {
            __typename: 'ArticleCategoryList',
            id: 'c',
            flatData: {
              headerContent: { headline: 'Study guide' },
              activeIndex: 2,
              categories: [
                { index: 1, title: 'Studying', subCategories: [] },
                { index: 2, title: 'Living in Germany', subCategories: [{ index: 1, title: 'Housing', articles: [] }] },
              ],
            },
          },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Study guide categories' });
    const active = within(nav).getByRole('link', { name: 'Living in Germany' });
    expect(active.getAttribute('aria-current')).toBe('page');
    expect(active.getAttribute('href')).toBe('/studyguide/2');
    expect(within(nav).getByRole('link', { name: 'Studying' }).hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('heading', { name: 'Housing' })).toBeTruthy();
  });
});
