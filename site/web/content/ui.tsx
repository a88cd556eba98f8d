/** Small pieces the blocks share: icons by name, images from assets, markdown, links and buttons, stars. */
import {
  BankOutlined,
  CalendarOutlined,
  EnvironmentOutlined,
  EuroCircleOutlined,
  FilePdfOutlined,
  GlobalOutlined,
  ReadOutlined,
  TeamOutlined,
  TrophyOutlined,
  UploadOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { type CSSProperties, Fragment, lazy, type ReactNode, Suspense } from 'react';
import { useAsset, useHref, useText } from './context.js';
import { iconName, starsFor } from './logic/index.js';

const ICONS = {
  people: TeamOutlined,
  pin: EnvironmentOutlined,
  degree: ReadOutlined,
  globe: GlobalOutlined,
  institution: BankOutlined,
  coin: EuroCircleOutlined,
  rank: TrophyOutlined,
  calendar: CalendarOutlined,
  'file-upload': UploadOutlined,
  'globe-person': UserSwitchOutlined,
  pdf: FilePdfOutlined,
} as const;

/** An icon by name (spec 2.2); any other name shows none. Decorative: the text beside it names the thing. */
export function Icon({ name, className }: { name: unknown; className?: string }) {
  const known = iconName(name);
  if (!known) return null;
  const Component = ICONS[known];
  return <Component aria-hidden className={className ?? 'cs-icon'} data-icon={known} />;
}

/** Text of a content field: strings as they are, anything else empty. */
export const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
export const list = <T = Record<string, unknown>>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** An image from an asset reference; `alt` from the content, else the asset's own, else decorative. */
export function Img({
  src,
  alt,
  className,
  style,
  decorative,
  lazy = true,
}: {
  src: unknown;
  alt?: string;
  className?: string;
  style?: CSSProperties;
  decorative?: boolean;
  lazy?: boolean;
}) {
  const asset = useAsset(src);
  if (!asset) return null;
  return (
    <img
      src={asset.url}
      alt={decorative ? '' : (alt ?? asset.alt ?? '')}
      width={asset.width}
      height={asset.height}
      className={className}
      style={style}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
    />
  );
}

/** The URL of an asset reference, for CSS backgrounds. */
export function useAssetUrl(src: unknown): string | undefined {
  return useAsset(src)?.url;
}

/** A site link: internal paths in the page's language. */
export function Link({
  href,
  children,
  className,
  newTab,
  rel,
  style,
  label,
  current,
}: {
  href: string | undefined;
  children: ReactNode;
  className?: string;
  newTab?: boolean;
  rel?: string;
  style?: CSSProperties;
  label?: string;
  /** `aria-current`: the link leads to the page (or place) shown. */
  current?: 'page' | 'location';
}) {
  const localise = useHref();
  return (
    <a
      href={localise(href)}
      className={className}
      style={style}
      aria-label={label}
      aria-current={current}
      {...(newTab ? { target: '_blank', rel: rel ?? 'noopener noreferrer' } : rel ? { rel } : {})}
    >
      {children}
    </a>
  );
}

/** A call to action: a link styled as a button; nothing when it has no text. */
export function Cta({
  text: label,
  url,
  variant = 'primary',
  style,
}: {
  text: unknown;
  url: unknown;
  variant?: 'primary' | 'secondary';
  style?: CSSProperties;
}) {
  const t = text(label);
  if (!t) return null;
  return (
    <Link href={text(url) || '/'} className={`cs-button cs-button-${variant}`} style={style}>
      {t}
    </Link>
  );
}

const MarkdownView = lazy(() => import('./MarkdownView.js'));

/**
 * Anything markdown could read as syntax: emphasis, code, links, headings, quotes, tables, strike-through, HTML and
 * entities, escapes, autolinks (URLs, e-mail), list and setext markers at a line's start, indented code, hard breaks.
 * A text without any of it renders as its paragraphs, exactly as the parser would render it.
 */
const MARKDOWN_SYNTAX = /[\\`*_[\]#>|~<&!]|https?:|www\.|@| {2,}\n|^[ \t]*(?:[-+=]|\d+[.)])|^(?: {4}|\t)/m;

/** True when `source` has no markdown syntax: its paragraphs are all there is to render. */
export function isPlainText(source: string): boolean {
  return !MARKDOWN_SYNTAX.test(source);
}

/** The paragraphs of a plain text (blank lines between them), as the markdown parser gives them. */
function PlainParagraphs({ source }: { source: string }) {
  const paragraphs = source
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/^[ \t]+|[ \t]+$/gm, '').trim())
    .filter((p) => p !== '');
  return (
    <>
      {paragraphs.map((p, i) => (
        // the paragraphs never move: their place is their identity; a line break between them, as the parser puts
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>
          {i > 0 ? '\n' : null}
          <p>{p}</p>
        </Fragment>
      ))}
    </>
  );
}

/**
 * Markdown from the content: links open in a new tab, raw HTML is shown as text (never executed). Plain text (most
 * descriptions) renders at once; the parser loads with the first text that has markdown in it, which meanwhile
 * waits in a busy placeholder of its own length.
 */
export function MarkdownText({ source, className }: { source: unknown; className?: string }) {
  const content = text(source);
  if (!content) return null;
  return (
    <div className={`cs-markdown ${className ?? ''}`}>
      {isPlainText(content) ? (
        <PlainParagraphs source={content} />
      ) : (
        <Suspense fallback={<p aria-busy="true">{content.replace(/[#*_`>[\]()|-]+/g, ' ')}</p>}>
          <MarkdownView content={content} />
        </Suspense>
      )}
    </div>
  );
}

/** A heading's anchor id from its text. */
export function slugOf(children: ReactNode): string {
  const plain = (Array.isArray(children) ? children : [children]).map((c) => (typeof c === 'string' ? c : '')).join('');
  return plain
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
}

/** Read-only stars with halves; the label says the value. */
export function Stars({ value }: { value: number }) {
  const t = useText();
  const { full, half, empty } = starsFor(value);
  return (
    <span className="cs-stars" role="img" aria-label={t('ratings.stars', { value: String(value).replace('.', ',') })}>
      {'★'.repeat(full)}
      {half ? <span className="cs-star-half">★</span> : null}
      <span className="cs-star-empty">{'★'.repeat(empty)}</span>
    </span>
  );
}

/** A block's headline and description, when it has them. */
export function BlockHeader({
  headline,
  description,
  level = 2,
}: {
  headline?: unknown;
  description?: unknown;
  level?: 2 | 3;
}) {
  const h = text(headline);
  const d = text(description);
  if (!h && !d) return null;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <header className="cs-block-header">
      {h ? <Heading>{h}</Heading> : null}
      {d ? <p className="cs-lead">{d}</p> : null}
    </header>
  );
}
