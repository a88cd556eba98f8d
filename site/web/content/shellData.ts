/**
 * The content the server put inline in the page shell (`site/server/shell.ts`): the answers of the site and page
 * calls for the address the page was opened at, so the first page draws without waiting for them.
 */
import type { ArticleAnswer, PageAnswer, SiteAnswer } from './api.js';

/** The element's id, as the server writes it. */
const SHELL_DATA_ID = 'antrag-shell-data';

interface ShellData {
  locale: string;
  path: string;
  site: SiteAnswer;
  page: PageAnswer | ArticleAnswer;
}

let cached: ShellData | null | undefined;

function read(): ShellData | null {
  if (cached !== undefined) return cached;
  cached = null;
  const element = typeof document === 'undefined' ? null : document.getElementById(SHELL_DATA_ID);
  if (element?.textContent) {
    try {
      const value = JSON.parse(element.textContent) as ShellData;
      if (value && typeof value.locale === 'string' && typeof value.path === 'string') cached = value;
    } catch {
      // a damaged shell is no worse than none: the page asks the API
    }
  }
  return cached;
}

/** The inline answers when they are the page's at this locale and path (the router's path). */
export function shellDataFor(locale: string, path: string): Pick<ShellData, 'site' | 'page'> | undefined {
  const data = read();
  return data && data.locale === locale && data.path === path ? data : undefined;
}

/** The inline site answer (navigation, footer) when it is in this locale. */
export function shellSiteFor(locale: string): SiteAnswer | undefined {
  const data = read();
  return data && data.locale === locale ? data.site : undefined;
}
