/**
 * The page's loading indicator while a route's code or content arrives: a CSS ring with a status role, so the content
 * site and the app's router need no component library for it (antd's Spin would bring its theme engine along).
 */
import type { Locale } from '@antrag/core/dsl/types';
import './spinner.css';

/** The spinner's loading text in the page's language, for spinners drawn before a route's catalogue has loaded. */
export const LOADING: Record<Locale, string> = {
  en: 'Loading…',
  de: 'Wird geladen…',
  fr: 'Chargement…',
  vi: 'Đang tải…',
  es: 'Cargando…',
  zh: '加载中…',
  ru: 'Загрузка…',
};

export function Spinner({ label, large = false }: { label: string; large?: boolean }) {
  return (
    <div role="status" aria-live="polite" className={`app-spinner${large ? ' app-spinner-large' : ''}`}>
      <span className="app-spinner-ring" aria-hidden="true" />
      <span className="app-visually-hidden">{label}</span>
    </div>
  );
}
