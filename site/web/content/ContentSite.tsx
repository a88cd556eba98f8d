/**
 * The content site (spec 002): the page shell (header, footer, 1280 px content) around a page assembled from blocks,
 * or a study-guide article for `/blog/{slug}`. Loaded lazily by the web app's router; it never loads the form engine
 * unless a page embeds a form.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Spinner } from '../Spinner.js';
import { ArticlePage } from './ArticlePage.js';
import { type ArticleAnswer, fetchArticle, fetchPage, fetchSite, type PageAnswer } from './api.js';
import { breakpointOf, SiteContext, useViewportWidth, viewportFor } from './context.js';
import { SITE_LOCALES, type SiteLocale, siteText } from './locales/index.js';
import { PageBlocks } from './PageBlocks.js';
import { Footer } from './shell/Footer.js';
import { Header } from './shell/Header.js';
import { shellDataFor, shellSiteFor } from './shellData.js';
import './site.css';

/** The value of the inline tracker marker set after the consent script (spec 2.3). */
export const TRACKER_MARKER = '120';

/** Loads a script once the page is idle: the cookie consent, then the translation script (spec 2.3). */
function useLazyScripts(scripts: { cookieConsent: string; translation: string } | undefined) {
  useEffect(() => {
    if (!scripts) return;
    const load = () => {
      for (const [name, src] of Object.entries(scripts)) {
        if (!src || document.querySelector(`script[data-lazy="${name}"]`)) continue;
        const script = document.createElement('script');
        script.src = src;
        script.async = true;
        script.dataset.lazy = name;
        if (name === 'cookieConsent') {
          script.addEventListener('load', () => {
            document.documentElement.dataset.tracker = TRACKER_MARKER;
          });
        }
        document.body.appendChild(script);
      }
    };
    const idle = (window as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback;
    if (idle) idle(load);
    else setTimeout(load, 1);
  }, [scripts]);
}

const isArticle = (answer: ArticleAnswer | PageAnswer | undefined): answer is ArticleAnswer =>
  answer !== undefined && 'article' in answer;

/**
 * Keeps the document's title and description those of the page shown: the ones the server put into the page's head
 * (the answer's `meta`), also for a page drawn from answers the app asked for itself.
 */
function useDocumentHead(answer: ArticleAnswer | PageAnswer | undefined, locale: string) {
  const fallback = isArticle(answer) ? String(answer.article.flatData.title ?? '') : answer?.page?.flatData.title;
  const title = answer?.meta?.title ?? fallback;
  const description = answer?.meta?.description;
  useEffect(() => {
    if (title) document.title = title;
    if (description) {
      let element = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!element) {
        element = document.createElement('meta');
        element.name = 'description';
        document.head.appendChild(element);
      }
      element.content = description;
    }
    document.documentElement.lang = locale;
  }, [title, description, locale]);
}

export default function ContentSite({ path, locale: wanted }: { path: string; locale: string }) {
  const locale: SiteLocale = (SITE_LOCALES as readonly string[]).includes(wanted) ? (wanted as SiteLocale) : 'en';
  const width = useViewportWidth();
  const viewport = viewportFor(width);
  const articleSlug = /^\/blog\/([^/]+)\/?$/.exec(path)?.[1];
  // the server sends the first page's answers inline; they count as fresh for a minute
  const site = useQuery({
    queryKey: ['content-site', locale],
    queryFn: () => fetchSite(locale),
    initialData: () => shellSiteFor(locale),
    staleTime: 60_000,
  });
  const page = useQuery({
    queryKey: ['content-page', path, locale],
    queryFn: () => (articleSlug ? fetchArticle(decodeURIComponent(articleSlug), locale) : fetchPage(path, locale)),
    initialData: () => shellDataFor(locale, path)?.page,
    staleTime: 60_000,
  });
  useLazyScripts(site.data?.scripts);
  const answer = page.data;
  useDocumentHead(answer, locale);
  const assets = { ...site.data?.assets, ...answer?.assets };
  return (
    <SiteContext.Provider value={{ locale, assets, flags: site.data?.flags ?? { app: false }, viewport }}>
      <div className="cs-site" data-viewport={viewport} data-breakpoint={breakpointOf(width)}>
        <a href="#main" className="cs-skip-link">
          {siteText(locale, 'nav.skipToContent')}
        </a>
        <Header navigation={site.data?.navigation} path={path} />
        <main id="main" tabIndex={-1}>
          {page.isPending ? (
            <div className="cs-loading">
              <Spinner large label={siteText(locale, 'common.loading')} />
            </div>
          ) : page.isError ? (
            <div className="cs-width cs-error-block" role="alert">
              <h1>{siteText(locale, 'error.title')}</h1>
            </div>
          ) : isArticle(answer) ? (
            <ArticlePage answer={answer} />
          ) : (
            <PageBlocks blocks={answer?.page?.flatData.blocks} />
          )}
        </main>
        {/* drawn once the page is there: a footer under the spinner would jump down by the page's height (layout shift) */}
        {page.isPending ? null : <Footer footer={site.data?.footer} />}
      </div>
    </SiteContext.Provider>
  );
}
