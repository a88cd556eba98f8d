/** Hero-like blocks: full-width images with a headline (spec 2.5). */
import { CheckCircleFilled, SearchOutlined } from '@ant-design/icons';
import { type FormEvent, useEffect, useState } from 'react';
import { useHref, useSite, useText } from '../context.js';
import { formatMoney } from '../logic/index.js';
import { Cta, Icon, Img, list, MarkdownText, text, useAssetUrl } from '../ui.js';
import type { BlockProps } from './types.js';

function backgroundStyle(url: string | undefined) {
  return url ? { backgroundImage: `linear-gradient(rgba(0,0,0,.55), rgba(0,0,0,.55)), url("${url}")` } : undefined;
}

export function Hero({ data }: BlockProps) {
  const bg = useAssetUrl(data.background);
  return (
    <div className="cs-hero cs-dark" style={backgroundStyle(bg)}>
      <div className="cs-width">
        <h1>{text(data.headline)}</h1>
        <MarkdownText source={data.description} className="cs-lead" />
      </div>
    </div>
  );
}

export function CtaHero({ data }: BlockProps) {
  const bg = useAssetUrl(data.background);
  return (
    <div className="cs-hero cs-cta-hero cs-dark" style={backgroundStyle(bg)}>
      <div className="cs-width">
        <h1>{text(data.headline)}</h1>
        {text(data.description) ? <p className="cs-lead">{text(data.description)}</p> : null}
        <Cta text={data.ctaText} url={text(data.ctaUrl) || '/'} />
      </div>
    </div>
  );
}

export function AppHero({ data }: BlockProps) {
  const { flags } = useSite();
  const bg = useAssetUrl(data.background);
  return (
    <div className="cs-hero cs-app-hero cs-dark" style={backgroundStyle(bg)}>
      <div className="cs-width cs-split">
        <div>
          <h2>{text(data.headline)}</h2>
          <p className="cs-lead">{text(data.description)}</p>
          {text(data.getAppText) ? <p>{text(data.getAppText)}</p> : null}
          {flags.app ? (
            <div className="cs-store-buttons">
              {list(data.getAppButtons).map((b) => (
                <a
                  key={text(b.provider)}
                  href={text(b.url)}
                  className="cs-store-button"
                  data-provider={text(b.provider)}
                >
                  <Img src={b.icon} alt={text(b.provider)} />
                </a>
              ))}
            </div>
          ) : null}
        </div>
        <Img src={data.appImage} className="cs-app-image" />
      </div>
    </div>
  );
}

export function AwardHero({ data }: BlockProps) {
  const bg = useAssetUrl(data.background);
  return (
    <div className="cs-hero cs-dark" style={backgroundStyle(bg)}>
      <div className="cs-width cs-split">
        <div>
          <Img src={data.logo} className="cs-award-logo" />
          <h2>{text(data.headline)}</h2>
          <ul className="cs-checklist">
            {list<string>(data.textItems).map((item) => (
              <li key={text(item)}>
                <CheckCircleFilled aria-hidden /> {text(item)}
              </li>
            ))}
          </ul>
          <Cta text={data.ctaText} url={data.ctaUrl} />
        </div>
        <div className="cs-card cs-light">
          <h3>{text(data.collectionText)}</h3>
          <ul className="cs-plain-list">
            {list(data.collectionItems).map((item) => (
              <li key={text(item.name)}>
                <Icon name={item.icon} /> {text(item.name)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

export function BreadcrumbHero({ data }: BlockProps) {
  const href = useHref();
  const crumbs = list(data.breadcrumbs);
  return (
    <div className="cs-breadcrumb-hero">
      <Img src={data.image} alt={text(data.imageAlt) || undefined} className="cs-cover" lazy={false} />
      <div className="cs-breadcrumb-hero-text cs-dark">
        <div className="cs-width">
          <Breadcrumbs
            items={crumbs.map((c) => ({ label: text(c.label), url: c.url ? href(text(c.url)) : undefined }))}
          />
          <h1>{text(crumbs.at(-1)?.label)}</h1>
        </div>
      </div>
    </div>
  );
}

/** A breadcrumb trail, '>' between the steps. */
export function Breadcrumbs({ items }: { items: Array<{ label: string; url?: string }> }) {
  const t = useText();
  return (
    <nav aria-label={t('nav.breadcrumb')} className="cs-breadcrumbs">
      <ol>
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a trail may repeat a label
          <li key={`${item.label}-${i}`}>
            {i > 0 ? (
              <span aria-hidden className="cs-separator">
                {'>'}
              </span>
            ) : null}
            {item.url && i < items.length - 1 ? (
              <a href={item.url}>{item.label}</a>
            ) : (
              <span aria-current={i === items.length - 1 ? 'page' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function ChecklistHero({ data }: BlockProps) {
  const bg = useAssetUrl(data.background);
  return (
    <div className="cs-hero cs-dark" style={backgroundStyle(bg)}>
      <div className="cs-width">
        <h2>{text(data.headline)}</h2>
        {text(data.description) ? <p className="cs-lead">{text(data.description)}</p> : null}
        <div className="cs-grid cs-grid-2">
          {list(data.items).map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: checklists may have no label
            <div key={`${text(item.label)}-${i}`} className="cs-card cs-light">
              {text(item.label) ? <h3>{text(item.label)}</h3> : null}
              <ul className="cs-checklist">
                {list<string>(item.checklist).map((c) => (
                  <li key={text(c)}>
                    <CheckCircleFilled aria-hidden /> {text(c)}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** Search hero: Enter or the button goes to the search page with the name query. */
export function SearchHero({ data }: BlockProps) {
  const t = useText();
  const href = useHref();
  const initial = typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('name') ?? '');
  const [name, setName] = useState(initial);
  const bg = useAssetUrl(data.image);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    window.location.assign(`${href('/studyportal/search')}?name=${encodeURIComponent(name.trim())}`);
  };
  const placeholder = text(data.searchInputPlaceholder) || t('search.placeholder');
  return (
    <div className="cs-hero cs-search-hero cs-dark" style={backgroundStyle(bg)}>
      <div className="cs-width">
        <h1>{text(data.headline)}</h1>
        {text(data.description) ? <p className="cs-lead">{text(data.description)}</p> : null}
        {/* biome-ignore lint/a11y/useSemanticElements: the search landmark is the form itself */}
        <form role="search" className="cs-search-form" onSubmit={submit}>
          <input
            type="search"
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={placeholder}
            aria-label={placeholder}
          />
          <button type="submit" className="cs-button cs-button-primary">
            <SearchOutlined aria-hidden /> {text(data.searchButtonText) || t('search.button')}
          </button>
        </form>
        <Cta text={data.ctaText} url={data.ctaUrl} variant="secondary" />
      </div>
    </div>
  );
}

/** Package cards; on desktop a sticky bar with the packages appears once the hero has scrolled away, on mobile tabs. */
export function PackageListHero({ data }: BlockProps) {
  const { viewport } = useSite();
  const bg = useAssetUrl(data.background);
  const items = list(data.items);
  const [active, setActive] = useState(0);
  const [sticky, setSticky] = useState(false);
  const [hero, setHero] = useState<HTMLDivElement | null>(null);
  const price = (item: Record<string, unknown>) => formatMoney(Number(item.price ?? 0), text(item.currency) || 'EUR');
  useEffect(() => {
    if (!hero || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setSticky(!entry.isIntersecting));
    observer.observe(hero);
    return () => observer.disconnect();
  }, [hero]);
  const card = (item: Record<string, unknown>) => (
    <div className="cs-card cs-light cs-package" key={text(item.label)}>
      <h3>
        <Icon name={item.icon} /> {text(item.label)}
      </h3>
      <p className="cs-price">
        <strong>{price(item)}</strong> {text(item.unit)}
      </p>
      <MarkdownText source={item.description} />
      <Cta text={item.ctaText} url={item.ctaUrl} />
    </div>
  );
  return (
    <>
      <div ref={setHero} className="cs-hero cs-dark" style={backgroundStyle(bg)}>
        <div className="cs-width">
          <h1>{text(data.headline)}</h1>
          {text(data.description) ? <p className="cs-lead">{text(data.description)}</p> : null}
          {viewport === 'mobile' ? (
            <div>
              <div role="tablist" className="cs-tabs">
                {items.map((item, i) => (
                  <button
                    key={text(item.label)}
                    type="button"
                    role="tab"
                    aria-selected={i === active}
                    className={i === active ? 'cs-tab cs-tab-active' : 'cs-tab'}
                    onClick={() => setActive(i)}
                  >
                    {text(item.label)}
                  </button>
                ))}
              </div>
              <div role="tabpanel">{items[active] ? card(items[active]) : null}</div>
            </div>
          ) : (
            <div className="cs-grid cs-grid-2">{items.map(card)}</div>
          )}
        </div>
      </div>
      {viewport === 'desktop' && sticky ? (
        <div className="cs-sticky-bar" data-testid="package-sticky-bar">
          <div className="cs-width cs-sticky-bar-inner">
            {items.map((item) => (
              <div key={text(item.label)} className="cs-sticky-item">
                <span>{text(item.label)}</span> <strong>{price(item)}</strong>
                <Cta text={item.ctaText} url={item.ctaUrl} />
              </div>
            ))}
          </div>
        </div>
      ) : null}
    </>
  );
}

export function WebsiteError({ data }: BlockProps) {
  const t = useText();
  return (
    <div className="cs-width cs-error-block">
      <h1>{text(data.errorTitle)}</h1>
      <p>{text(data.errorDescription)}</p>
      <Cta text={t('common.backHome')} url="/" />
    </div>
  );
}
