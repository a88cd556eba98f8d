/**
 * The study-guide article page (spec 2.4): breadcrumb, sub-category, title, description, author, 'Last updated',
 * share buttons, hero, markdown, suggested blogs, upsell cards, a table of contents that follows scrolling and
 * related articles. Desktop: two columns, the right one sticky. Mobile: two upsell cards and the contents above the
 * text, the other two and the suggested blogs below it.
 */
import { FacebookFilled, LinkedinFilled, TwitterOutlined } from '@ant-design/icons';
import { useEffect, useMemo, useState } from 'react';
import type { ArticleAnswer } from './api.js';
import { Breadcrumbs } from './blocks/heroes.js';
import { ArticleCard } from './blocks/lists.js';
import { localHref, useSite, useText } from './context.js';
import { COUNTS, formatLongDate, formatShortDate } from './logic/index.js';
import { Img, Link, list, MarkdownText, slugOf, text } from './ui.js';

type Fields = Record<string, unknown>;

/** The headings (## and ###) of the markdown, for the table of contents. */
export function headingsOf(markdown: string): Array<{ id: string; text: string; level: 2 | 3 }> {
  return markdown
    .split('\n')
    .map((line) => /^(##|###)\s+(.+?)\s*#*$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ id: slugOf(m[2]), text: m[2], level: m[1] === '##' ? 2 : 3 }));
}

function TableOfContents({ headings }: { headings: ReturnType<typeof headingsOf> }) {
  const t = useText();
  const [active, setActive] = useState(headings[0]?.id);
  useEffect(() => {
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver(
            (entries) => {
              const visible = entries
                .filter((e) => e.isIntersecting)
                .sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top);
              if (visible[0]) setActive(visible[0].target.id);
            },
            { rootMargin: '0px 0px -70% 0px' },
          );
    // the headings come with the markdown's code, after this: each is followed once it is there, and an address
    // that names one (`…/#colocations`, opened from elsewhere) is scrolled to then, as the browser would have
    let hash = '';
    try {
      hash = decodeURIComponent(window.location.hash.slice(1));
    } catch {
      // an address with a broken escape names no heading
    }
    let pending = headings.some((h) => h.id === hash) ? hash : undefined;
    const followed = new Set<string>();
    const follow = () => {
      for (const h of headings) {
        const element = document.getElementById(h.id);
        if (element && !followed.has(h.id)) {
          followed.add(h.id);
          observer?.observe(element);
        }
      }
      const target = pending ? document.getElementById(pending) : null;
      if (target) {
        pending = undefined;
        target.scrollIntoView();
      }
      return followed.size === headings.length && pending === undefined;
    };
    if (follow()) return () => observer?.disconnect();
    const arrivals = new MutationObserver(() => {
      if (follow()) arrivals.disconnect();
    });
    arrivals.observe(document.body, { childList: true, subtree: true });
    return () => {
      arrivals.disconnect();
      observer?.disconnect();
    };
  }, [headings]);
  if (headings.length === 0) return null;
  return (
    <nav className="cs-card cs-toc" aria-label={t('studyGuide.tableOfContents')}>
      <h2>{t('studyGuide.tableOfContents')}</h2>
      <ol className="cs-plain-list">
        {headings.map((h) => (
          <li key={h.id} className={`cs-toc-${h.level}`}>
            <a
              href={`#${h.id}`}
              aria-current={active === h.id ? 'location' : undefined}
              className={active === h.id ? 'cs-toc-active' : undefined}
            >
              {h.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function UpsellCards({ products }: { products: Fields[] }) {
  const t = useText();
  if (products.length === 0) return null;
  // the cards' titles are h3s under this (visually hidden) h2, so the outline has no gap after the article's h1
  return (
    <>
      <h2 className="cs-visually-hidden">{t('upsell.title')}</h2>
      <ul className="cs-plain-list cs-upsell">
        {products.map((p) => {
          const data = (p.flatData ?? {}) as Fields;
          return (
            <li key={text(p.id)} className="cs-card cs-upsell-card">
              <Img src={data.image} className="cs-upsell-image" decorative />
              <div>
                <h3>{text(data.title)}</h3>
                <p>{text(data.headline)}</p>
                <Link href={text(data.path)} className="cs-button cs-button-primary">
                  {t('upsell.book')}
                  <span className="cs-visually-hidden">: {text(data.title)}</span>
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function SuggestedBlogs({ blogs }: { blogs: Fields[] }) {
  const t = useText();
  if (blogs.length === 0) return null;
  return (
    <aside className="cs-card cs-suggested" aria-labelledby="suggested-title">
      <h2 id="suggested-title">{t('studyGuide.suggestedBlogs')}</h2>
      <ul className="cs-plain-list">
        {blogs.slice(0, COUNTS.suggestedBlogs).map((b) => {
          const data = (b.flatData ?? {}) as Fields;
          return (
            <li key={text(b.id)} className="cs-suggested-item">
              <Img src={data.image} className="cs-thumb" decorative />
              <div>
                <a href={text(data.path)} target="_blank" rel="noreferrer nofollow">
                  {text(data.headline)}
                </a>
                <small className="cs-muted">{formatShortDate(text(data.publicationdate))}</small>
              </div>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}

const SHARE_ICONS = { Facebook: FacebookFilled, X: TwitterOutlined, LinkedIn: LinkedinFilled } as const;

/**
 * The three networks' share pages for an article address: plain links (nothing of the networks is loaded until
 * a person follows one), in a new tab.
 */
export function shareLinks(url: string, title: string): Array<{ name: keyof typeof SHARE_ICONS; href: string }> {
  const u = encodeURIComponent(url);
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}

/** Share buttons for the article's own address (its /blog/{slug}/ path, without query or fragment). */
function ShareButtons({ title, slug }: { title: string; slug: string }) {
  const t = useText();
  const { locale } = useSite();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const networks = shareLinks(`${origin}${localHref(`/blog/${slug}/`, locale)}`, title).map((n) => ({
    ...n,
    icon: SHARE_ICONS[n.name],
  }));
  return (
    <ul className="cs-plain-list cs-share" aria-label={t('studyGuide.share')}>
      {networks.map((n) => (
        <li key={n.name}>
          <a
            href={n.href}
            target="_blank"
            rel="noopener noreferrer"
            className="cs-icon-button"
            aria-label={t('studyGuide.shareOn', { network: n.name })}
          >
            <n.icon aria-hidden />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ArticlePage({ answer }: { answer: ArticleAnswer }) {
  const t = useText();
  const { locale, viewport } = useSite();
  const [expanded, setExpanded] = useState(false);
  const data = answer.article.flatData as Fields;
  const sub = list(data.subCategory)[0]?.flatData as Fields | undefined;
  const categoryId = (list(sub?.category)[0] as Fields | undefined)?.id;
  const category = answer.categories.find((c) => c.id === categoryId)?.flatData as Fields | undefined;
  const author = list(data.author)[0];
  const products = list(data.upSellingProducts).slice(0, COUNTS.upsellExpanded);
  const blogs = list(data.suggestedBlogs);
  const related = list(data.referenceArticles);
  const content = text(data.content);
  const headings = useMemo(() => headingsOf(content), [content]);
  const updated = (answer.article.lastModified ?? text(data.publicationdate)).slice(0, 10);
  const crumbs = [
    { label: t('nav.home'), url: localHref('/', locale) },
    { label: t('studyGuide.studyGuide'), url: localHref('/studyguide', locale) },
    ...(category
      ? [{ label: text(category.title), url: localHref(`/studyguide/${text(category.index)}/`, locale) }]
      : []),
    { label: text(data.title) },
  ];
  const body = (
    <div className="cs-article-body">
      <Img src={data.heroImage} className="cs-article-hero" lazy={false} />
      <MarkdownText source={content} />
    </div>
  );
  return (
    <article className="cs-width cs-article">
      <Breadcrumbs items={crumbs} />
      {sub ? <p className="cs-tag">{text(sub.title)}</p> : null}
      <h1>{text(data.title)}</h1>
      <p className="cs-lead">{text(data.cardText)}</p>
      <div className="cs-article-meta">
        {author ? (
          <span className="cs-author">
            <Img src={author.profilePicture} className="cs-avatar" decorative />
            {t('studyGuide.by', { name: text(author.authorName) })}
          </span>
        ) : null}
        <span>
          {t('studyGuide.lastUpdated')}: <time dateTime={updated}>{formatLongDate(updated, locale)}</time>
        </span>
        <ShareButtons title={text(data.title)} slug={text(data.slug)} />
      </div>
      {viewport === 'mobile' ? (
        <>
          <UpsellCards products={products.slice(0, 2)} />
          <TableOfContents headings={headings} />
          {body}
          <UpsellCards products={products.slice(2, 4)} />
          <SuggestedBlogs blogs={blogs} />
        </>
      ) : (
        <div className="cs-article-columns">
          <div>
            {body}
            <SuggestedBlogs blogs={blogs} />
          </div>
          <aside className="cs-sticky-column" aria-label={t('upsell.title')}>
            <UpsellCards products={products.slice(0, expanded ? COUNTS.upsellExpanded : COUNTS.upsellShown)} />
            {products.length > COUNTS.upsellShown ? (
              <button
                type="button"
                className="cs-button cs-button-secondary"
                aria-expanded={expanded}
                onClick={() => setExpanded(!expanded)}
              >
                {t(expanded ? 'common.seeLess' : 'common.seeMore')}
              </button>
            ) : null}
            <TableOfContents headings={headings} />
          </aside>
        </div>
      )}
      {related.length > 0 ? (
        <section className="cs-related" aria-labelledby="related-title">
          <h2 id="related-title">{t('studyGuide.relatedArticles')}</h2>
          <ul className="cs-plain-list cs-article-cards">
            {related.map((r) => (
              <li key={text(r.id)}>
                <ArticleCard article={r} newTab />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
