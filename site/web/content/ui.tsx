/** Small pieces the blocks share: icons by name, images from assets, markdown, links and buttons, stars, carousels. */
import {
  BankOutlined,
  CalendarOutlined,
  EnvironmentOutlined,
  EuroCircleOutlined,
  FilePdfOutlined,
  GlobalOutlined,
  LeftOutlined,
  ReadOutlined,
  RightOutlined,
  TeamOutlined,
  TrophyOutlined,
  UploadOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
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
}: {
  href: string | undefined;
  children: ReactNode;
  className?: string;
  newTab?: boolean;
  rel?: string;
  style?: CSSProperties;
  label?: string;
}) {
  const localise = useHref();
  return (
    <a
      href={localise(href)}
      className={className}
      style={style}
      aria-label={label}
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

/** Markdown from the content: links open in a new tab, raw HTML is shown as text (never executed). */
export function MarkdownText({ source, className }: { source: unknown; className?: string }) {
  const localise = useHref();
  const content = text(source);
  if (!content) return null;
  return (
    <div className={`cs-markdown ${className ?? ''}`}>
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        components={{
          a: ({ href, children }) => (
            <a href={localise(href)} target="_blank" rel="noopener noreferrer">
              {children}
            </a>
          ),
          h2: ({ children }) => <h2 id={slugOf(children)}>{children}</h2>,
          h3: ({ children }) => <h3 id={slugOf(children)}>{children}</h3>,
        }}
      >
        {content}
      </Markdown>
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

export interface CarouselProps {
  items: ReactNode[];
  label: string;
  slidesToShow?: number;
  slidesToScroll?: number;
  arrows?: boolean;
  dots?: boolean;
  autoplayMs?: number;
  /** The active slide when the caller controls it. */
  index?: number;
  onChange?: (index: number) => void;
}

/**
 * A carousel (spec 2.5 and 9): dots, infinite loop, 500 ms slides; slides out of view are inert, so keyboard and
 * screen-reader users meet only the visible ones.
 */
export function Carousel({
  items,
  label,
  slidesToShow = 1,
  slidesToScroll = 1,
  arrows = false,
  dots = true,
  autoplayMs,
  index: controlled,
  onChange,
}: CarouselProps) {
  const t = useText();
  const show = Math.max(1, Math.min(slidesToShow, items.length));
  const step = Math.max(1, slidesToScroll);
  const [own, setOwn] = useState(0);
  const index = controlled ?? own;
  const last = Math.max(0, items.length - show);
  const go = (next: number) => {
    // infinite: past the end starts again, before the start goes to the end
    const wrapped = next > last ? 0 : next < 0 ? last : next;
    setOwn(wrapped);
    onChange?.(wrapped);
  };
  useEffect(() => {
    if (!autoplayMs) return;
    const timer = setInterval(() => go(index + step), autoplayMs);
    return () => clearInterval(timer);
  });
  const pages = Math.ceil((last + 1) / step);
  return (
    <section className="cs-carousel" aria-roledescription="carousel" aria-label={label}>
      <div className="cs-carousel-viewport">
        <div
          className="cs-carousel-track"
          style={{ transform: `translateX(-${(index * 100) / show}%)`, transition: 'transform 500ms ease' }}
        >
          {items.map((item, i) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide is a group (WAI-ARIA carousel pattern)
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
              key={i}
              className="cs-carousel-slide"
              style={{ flex: `0 0 ${100 / show}%` }}
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel.slide', { n: i + 1, total: items.length })}
              inert={i < index || i >= index + show}
            >
              {item}
            </div>
          ))}
        </div>
      </div>
      {arrows && items.length > show ? (
        <div className="cs-carousel-arrows">
          <button
            type="button"
            className="cs-icon-button"
            onClick={() => go(index - step)}
            aria-label={t('common.previous')}
          >
            <LeftOutlined aria-hidden />
          </button>
          <button
            type="button"
            className="cs-icon-button"
            onClick={() => go(index + step)}
            aria-label={t('common.next')}
          >
            <RightOutlined aria-hidden />
          </button>
        </div>
      ) : null}
      {dots && pages > 1 ? (
        <div className="cs-carousel-dots">
          {Array.from({ length: pages }, (_, p) => {
            const target = Math.min(p * step, last);
            return (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: dots are positional
                key={p}
                type="button"
                className={`cs-dot${index === target ? ' cs-dot-active' : ''}`}
                aria-label={t('carousel.goTo', { n: p + 1 })}
                aria-current={index === target ? 'true' : undefined}
                onClick={() => go(target)}
              />
            );
          })}
        </div>
      ) : null}
    </section>
  );
}
