/** What every block of the content site reads: the language, the UI texts, assets, flags and the viewport. */
import { createContext, useContext, useEffect, useState } from 'react';
import type { AssetInfo, Assets } from './api.js';
import { type SiteLocale, siteText } from './locales/index.js';
import { BREAKPOINTS, type Viewport, viewportFor } from './logic/index.js';

export interface SiteContextValue {
  locale: SiteLocale;
  assets: Assets;
  flags: { app: boolean };
  viewport: Viewport;
}

export const SiteContext = createContext<SiteContextValue>({
  locale: 'en',
  assets: {},
  flags: { app: false },
  viewport: 'desktop',
});

export const useSite = () => useContext(SiteContext);

/** The UI text of a key in the page's language. */
export function useText(): (key: string, params?: Record<string, string | number>) => string {
  const { locale } = useSite();
  return (key, params) => siteText(locale, key, params);
}

/** The id of an asset reference (`[{ id }]`, `{ id }` or an id). */
export function assetIdOf(reference: unknown): string | undefined {
  const first = Array.isArray(reference) ? reference[0] : reference;
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof (first as { id?: unknown }).id === 'string') {
    return (first as { id: string }).id;
  }
  return undefined;
}

export function useAsset(reference: unknown): AssetInfo | undefined {
  const { assets } = useSite();
  const id = assetIdOf(reference);
  return id ? assets[id] : undefined;
}

/** Paths that are not pages of the site keep their address in every language. */
const UNLOCALISED =
  /^\/(api|content-assets|forms|booking|blocked-account\/book|aok-products\/book|sitemap\.xml|assets)(\/|$)/;

/** Links that open a form (a booking's, the app's): they take the page's language as `?lang=`. */
const FORM_LINKS = /^\/(forms|booking|blocked-account\/book|aok-products\/book)(\/|$|\?|#)/;

/** `url` with `lang=<locale>` in its query (before any fragment), unless English or a language is named already. */
function withLanguage(url: string, locale: string): string {
  const hash = url.indexOf('#');
  const [base, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  if (locale === 'en' || /[?&]lang=/.test(base)) return url;
  return `${base}${base.includes('?') ? '&' : '?'}lang=${encodeURIComponent(locale)}${fragment}`;
}

/** A site link in the page's language: `/studyguide` → `/de/studyguide`; other links as they are. */
export function localHref(url: string | undefined, locale: string): string {
  if (!url) return '/';
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  // a form keeps its address and is told the page's language
  if (FORM_LINKS.test(url)) return withLanguage(url, locale);
  if (UNLOCALISED.test(url)) return url;
  if (locale === 'en') return url;
  return url === '/' ? `/${locale}` : `/${locale}${url}`;
}

export function useHref(): (url: string | undefined) => string {
  const { locale } = useSite();
  return (url) => localHref(url, locale);
}

/** The breakpoint name of a width (spec 9): small < 600 ≤ medium < 1024 ≤ large < 1440 ≤ xlarge < 1920 ≤ xxlarge. */
export function breakpointOf(width: number): 'small' | 'medium' | 'large' | 'xlarge' | 'xxlarge' {
  if (width < BREAKPOINTS.small) return 'small';
  if (width < BREAKPOINTS.medium) return 'medium';
  if (width < BREAKPOINTS.large) return 'large';
  if (width < BREAKPOINTS.xlarge) return 'xlarge';
  return 'xxlarge';
}

/** The viewport width, following resizes. */
export function useViewportWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1280 : window.innerWidth));
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}

export { viewportFor };
