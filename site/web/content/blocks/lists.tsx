/** Card, list and banner blocks (spec 2.5). */
import { CheckCircleFilled, FilePdfOutlined, LinkOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useSite, useText } from '../context.js';
import { rankNumber } from '../logic/index.js';
import { BlockHeader, Cta, Icon, Img, Link, list, MarkdownText, text } from '../ui.js';
import type { BlockProps, Fields } from './types.js';

/** Benefits banner (UspBanner): horizontal or vertical; any other style is horizontal. */
export function UspBanner({ data }: BlockProps) {
  const style = data.style === 'vertical' ? 'vertical' : 'horizontal';
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} description={data.description} />
      <ul className={`cs-plain-list cs-usp cs-usp-${style}`} data-style={style}>
        {list(data.items).map((item) => (
          <li key={text(item.label)} className="cs-usp-item">
            <Icon name={item.icon} className="cs-icon cs-icon-large" />
            <h3>{text(item.label)}</h3>
            <p>{text(item.description)}</p>
            <Cta text={item.ctaText} url={item.ctaUrl} variant="secondary" />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function BenefitBanner({ data }: BlockProps) {
  return (
    <div className="cs-width cs-split">
      <div>
        <BlockHeader headline={data.headline} description={data.description} />
        <Cta text={data.ctaText} url={data.ctaUrl} />
      </div>
      <div className="cs-card">
        <h3>{text(data.checklistName)}</h3>
        <ul className="cs-checklist">
          {list<string>(data.checklistItems).map((item) => (
            <li key={text(item)}>
              <CheckCircleFilled aria-hidden className="cs-ok" /> {text(item)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Intro banner (BannerIntro): image, headline, labelled items, CTA. */
export function BannerIntro({ data }: BlockProps) {
  return (
    <div className="cs-width cs-split">
      <Img src={data.image} className="cs-rounded-image" />
      <div>
        <BlockHeader headline={data.headline} />
        <ol className="cs-steps">
          {list(data.items).map((item) => (
            <li key={text(item.label)}>
              <h3>{text(item.label)}</h3>
              <p>{text(item.description)}</p>
            </li>
          ))}
        </ol>
        <Cta text={data.ctaText} url={data.ctaUrl} />
      </div>
    </div>
  );
}

/** Roadmap banner: large items span 24 columns, medium 18; items may put the image first (reverse). */
export function RoadmapBanner({ data }: BlockProps) {
  const size = data.size === 'medium' ? 'medium' : 'large';
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} />
      <ol className={`cs-plain-list cs-roadmap cs-roadmap-${size}`} data-size={size}>
        {list(data.items).map((item) => (
          <li key={text(item.label)} className={`cs-split cs-roadmap-item${item.reverse ? ' cs-reverse' : ''}`}>
            <div>
              <h3>{text(item.label)}</h3>
              <p>{text(item.description)}</p>
              <Cta text={item.ctaText} url={item.ctaUrl} variant="secondary" />
            </div>
            <Img src={item.image} className="cs-rounded-image" />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Info card list: 3 per row on desktop, 1 on mobile; items styled card or cta. */
export function InfoCardList({ data }: BlockProps) {
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} description={data.description} />
      <ul className="cs-plain-list cs-grid cs-grid-3">
        {list(data.items).map((item) => (
          <li
            key={text(item.label)}
            className={`cs-card cs-info-card cs-info-${item.style === 'cta' ? 'cta' : 'card'}`}
          >
            <span className="cs-info-icon" style={{ borderRadius: Number(item.iconRadius ?? 8) }}>
              <Icon name={item.icon} className="cs-icon cs-icon-large" />
            </span>
            <h3>{item.url ? <Link href={text(item.url)}>{text(item.label)}</Link> : text(item.label)}</h3>
            <p>{text(item.description)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Info list (CtaInfoList): vertical list, or horizontal cards that scroll sideways on mobile (≥ 240 px). */
export function CtaInfoList({ data }: BlockProps) {
  const style = data.style === 'horizontal' ? 'horizontal' : 'vertical';
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} description={data.description} />
      <ul className={`cs-plain-list cs-info-list cs-info-list-${style}`} data-style={style}>
        {list(data.items).map((item) => (
          <li key={text(item.label)} className={style === 'horizontal' ? 'cs-card' : undefined}>
            <Icon name={item.icon} className="cs-icon cs-icon-large" />
            <div>
              <h3>{item.url ? <Link href={text(item.url)}>{text(item.label)}</Link> : text(item.label)}</h3>
              <p>{text(item.description)}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Logo wall (CtaLogo): 4 per row desktop, 2 mobile, tiles 150 px high; logos with a url open in a new tab. */
export function CtaLogo({ data }: BlockProps) {
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} description={data.description} />
      <ul className="cs-plain-list cs-logo-wall">
        {list(data.items).map((item) => (
          <li key={text(item.name)} className="cs-logo-tile">
            {item.url ? (
              <Link href={text(item.url)} newTab label={text(item.name)}>
                <Img src={item.image} alt={text(item.name)} />
              </Link>
            ) : (
              <Img src={item.image} alt={text(item.name)} />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * An article card: links to /blog/{slug}/ (a plain link: nothing is prefetched), in a new tab when `newTab` (the
 * article page's related articles, spec 2.1); the category label to /studyguide/{index}/; title clamped to 2 lines.
 */
export function ArticleCard({ article, newTab = false }: { article: Fields; newTab?: boolean }) {
  const t = useText();
  const data = (article.flatData ?? article) as Fields;
  const sub = list(data.subCategory)[0]?.flatData as Fields | undefined;
  const category = list(sub?.category)[0]?.flatData as Fields | undefined;
  return (
    <article className="cs-card cs-article-card">
      <Img src={data.heroImage} className="cs-card-image" decorative />
      {category ? (
        <Link href={`/studyguide/${text(category.index)}/`} className="cs-tag">
          {text(category.title)}
        </Link>
      ) : sub ? (
        <span className="cs-tag">{text(sub.title)}</span>
      ) : null}
      <h3 className="cs-clamp-2">
        <Link href={`/blog/${text(data.slug)}/`} newTab={newTab}>
          {text(data.title)}
          {newTab ? <span className="cs-visually-hidden"> ({t('common.opensInNewTab')})</span> : null}
        </Link>
      </h3>
      <p className="cs-clamp-3">{text(data.cardText ?? data.shortDescription)}</p>
    </article>
  );
}

/** Article card list: 3 per row on desktop; on mobile a sideways row of cards at least 300 px wide. */
export function ArticleCardList({ data }: BlockProps) {
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} description={data.description} />
      <ArticleCards items={list(data.items)} />
    </div>
  );
}

function ArticleCards({ items }: { items: Fields[] }) {
  return (
    <ul className="cs-plain-list cs-article-cards">
      {items.map((item) => (
        <li key={text(item.id)}>
          <ArticleCard article={item} />
        </li>
      ))}
    </ul>
  );
}

/** Article category list: filter buttons per category; the active one lists its sub-categories' articles. */
export function ArticleCategoryList({ data }: BlockProps) {
  const t = useText();
  const header = (data.headerContent ?? {}) as Fields;
  const categories = list(data.categories);
  const active = categories.find((c) => Number(c.index) === Number(data.activeIndex)) ?? categories[0];
  return (
    <div className="cs-width">
      <BlockHeader headline={header.headline} description={header.subheadline} />
      <nav aria-label={t('studyGuide.categories')} className="cs-filter-buttons">
        {categories.map((c) => (
          // the active category is the current page of the study guide
          <Link
            key={text(c.index)}
            href={`/studyguide/${text(c.index)}`}
            className={`cs-button ${c === active ? 'cs-button-primary cs-filter-active' : 'cs-button-secondary'}`}
            current={c === active ? 'page' : undefined}
          >
            {text(c.title)}
          </Link>
        ))}
      </nav>
      {active
        ? list(active.subCategories).map((sub) => (
            <div key={text(sub.index)} className="cs-subcategory">
              <h3>{text(sub.title)}</h3>
              <ArticleCards items={list(sub.articles)} />
            </div>
          ))
        : null}
    </div>
  );
}

export function ProductList({ data }: BlockProps) {
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} description={data.description} />
      <div className="cs-grid cs-grid-2">
        {list(data.groups).map((group) => (
          <div key={text(group.headline)} className="cs-card">
            <h3>{text(group.headline)}</h3>
            <p>{text(group.description)}</p>
            <ul className="cs-plain-list">
              {list(group.items).map((item) => (
                <li key={text(item.headline)}>
                  <Icon name={item.icon} /> {text(item.headline)}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

export function Listings({ data }: BlockProps) {
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} />
      <div className="cs-grid cs-grid-2">
        {list(data.groups).map((group) => (
          <div key={text(group.label)}>
            <h3>{text(group.label)}</h3>
            <ul className="cs-plain-list">
              {list(group.items).map((item) => (
                <li key={text(item.text)}>
                  <Icon name={item.icon} /> {text(item.text)}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

export function DescriptionList({ data }: BlockProps) {
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} />
      <dl className="cs-description-list">
        {list(data.items).map((item) => (
          <div key={text(item.label)}>
            <dt>{text(item.label)}</dt>
            <dd>
              <MarkdownText source={item.text} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** File list: pdf files get a PDF icon; every file opens in a new tab. */
export function FileList({ data }: BlockProps) {
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} />
      <ul className="cs-plain-list cs-file-list">
        {list(data.items).map((item) => (
          <li key={text(item.name)}>
            <Link href={text(item.url)} newTab>
              {item.type === 'pdf' ? <FilePdfOutlined aria-hidden data-icon="pdf" /> : <LinkOutlined aria-hidden />}{' '}
              {text(item.name)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CostCalculationSummary({ data }: BlockProps) {
  return (
    <div className="cs-width">
      <BlockHeader headline={data.label} description={data.text} />
      <dl className="cs-description-list cs-costs">
        {list(data.items).map((item) => (
          <div key={text(item.label)}>
            <dt>{text(item.label)}</dt>
            <dd>
              <strong>{text(item.text)}</strong> {text(item.note) ? <small>{text(item.note)}</small> : null}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function Stats({ data }: BlockProps) {
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} />
      <dl className="cs-stats">
        {list(data.items).map((item) => (
          <div key={text(item.label)} className="cs-card">
            <dt>
              <Icon name={item.icon} /> {text(item.label)}
            </dt>
            <dd>{text(item.text)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The label of a link-list item: its own, else the referenced university's or program's name. */
function linkItem(item: Fields): { label: string; url: string } {
  const uni = list(item.universityReference)[0]?.flatData as Fields | undefined;
  const program = list(item.studyProgramReference)[0]?.flatData as Fields | undefined;
  if (item.type === 'universityReference' && uni) {
    return { label: text(item.label) || text(uni.universityName), url: `/studyportal/university/${text(uni.slug)}` };
  }
  if (item.type === 'studyProgramReference' && program) {
    return {
      label: text(item.label) || text(program.studyProgram),
      url: `/studyportal/studyprograms/${text(program.slug)}`,
    };
  }
  return { label: text(item.label), url: text(item.url) };
}

/** Link list columns: 3 columns on desktop. */
export function LinkListColumns({ data }: BlockProps) {
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} />
      <div className="cs-grid cs-grid-3">
        {list(data.columns).map((column) => (
          <div key={text(column.headline)}>
            <h3>{text(column.headline)}</h3>
            <ul className="cs-plain-list">
              {list(column.items).map((item) => {
                const link = linkItem(item);
                return (
                  <li key={link.url + link.label}>
                    <Icon name={item.icon} /> <Link href={link.url}>{link.label}</Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

/** University ranking columns: 3 at 33% on desktop, scrolling 324 px columns on mobile; ranks 01, 02, … */
export function UniversityListColumns({ data }: BlockProps) {
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} description={data.description} />
      <div className="cs-ranking-columns">
        {list(data.columns).map((column) => (
          <div key={text(column.name)} className="cs-card cs-ranking-column">
            <h3>{text(column.name)}</h3>
            <RankedItems items={list(column.items)} />
            <Cta text={column.ctaText} url={column.ctaUrl} variant="secondary" />
          </div>
        ))}
      </div>
    </div>
  );
}

function RankedItems({ items }: { items: Fields[] }) {
  return (
    <ol className="cs-plain-list cs-ranked">
      {items.map((item, i) => (
        <li key={text(item.name)}>
          <span className="cs-rank" aria-hidden>
            {rankNumber(i + 1)}
          </span>
          <Img src={item.logo} className="cs-rank-logo" decorative />
          <Link href={text(item.url)}>{text(item.name)}</Link>
        </li>
      ))}
    </ol>
  );
}

export function RankingList({ data }: BlockProps) {
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} description={data.description} />
      <RankedItems items={list(data.items)} />
    </div>
  );
}

/** Study-field cards: link to /studyportal/search?category_ids={id}; desktop 336 high, mobile 184×236 sideways. */
export function StudyFieldCardList({ data }: BlockProps) {
  const perRow = Number(data.itemsPerRow ?? 3) || 3;
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} description={data.description} />
      <ul className="cs-plain-list cs-field-cards" style={{ ['--per-row' as string]: perRow }}>
        {list(data.items).map((item) => (
          <li key={text(item.categoryId)} className="cs-field-card">
            <Link href={`/studyportal/search?category_ids=${encodeURIComponent(text(item.categoryId))}`}>
              <Img src={item.thumbnail} decorative className="cs-cover" />
              <span className="cs-field-card-label">{text(item.category)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Text-and-image list: cards (image left, or right) on desktop; an accordion (first open, one at a time) on mobile. */
export function TextImageList({ data }: BlockProps) {
  const { viewport } = useSite();
  const items = list(data.items);
  const [open, setOpen] = useState(0);
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} />
      {viewport === 'mobile' ? (
        <div className="cs-accordion">
          {items.map((item, i) => (
            <div key={text(item.title)} className="cs-accordion-item">
              <h3>
                <button
                  type="button"
                  aria-expanded={open === i}
                  aria-controls={`til-${i}`}
                  onClick={() => setOpen(open === i ? -1 : i)}
                >
                  {text(item.title)}
                </button>
              </h3>
              <div id={`til-${i}`} hidden={open !== i}>
                <Img src={item.image} className="cs-rounded-image" decorative />
                <MarkdownText source={item.text} />
              </div>
            </div>
          ))}
        </div>
      ) : (
        <ul className="cs-plain-list">
          {items.map((item) => (
            <li
              key={text(item.title)}
              className={`cs-card cs-split${item.picturePosition === 'right' ? ' cs-reverse' : ''}`}
            >
              <Img src={item.image} className="cs-rounded-image" decorative />
              <div>
                <h3>{text(item.title)}</h3>
                <MarkdownText source={item.text} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Static funding notice: the company's funding in German and three team members. */
export function FinancialSupport({ data }: BlockProps) {
  return (
    <div className="cs-width" lang="de">
      <BlockHeader headline={data.headline} />
      <MarkdownText source={data.content} />
      <ul className="cs-plain-list cs-logo-wall">
        {list(data.logos).map((logo) => (
          <li key={text(logo.name)} className="cs-logo-tile">
            <Img src={logo.image} alt={text(logo.name)} />
          </li>
        ))}
      </ul>
      <ul className="cs-plain-list cs-grid cs-grid-3">
        {list(data.members).map((m) => (
          <li key={text(m.name)} className="cs-card cs-member">
            <Img src={m.photo} className="cs-avatar-large" decorative />
            <strong>{text(m.name)}</strong>
            <span>{text(m.role)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** CTA banner in its own colours. */
export function CtaBanner({ data }: BlockProps) {
  return <CtaBannerView data={data} />;
}

export function CtaBannerView({ data }: { data: Fields }) {
  return (
    <div className="cs-width">
      <div
        className="cs-cta-banner cs-split"
        style={{ background: text(data.bgColor) || '#0b3d91', color: text(data.textColor) || '#fff' }}
      >
        <div>
          <h2>{text(data.headline)}</h2>
          {text(data.description) ? <p>{text(data.description)}</p> : null}
          <Cta
            text={data.ctaText}
            url={data.ctaUrl}
            style={{ background: text(data.ctaBgColor) || undefined, color: text(data.ctaTextColor) || undefined }}
          />
        </div>
        <Img src={data.image} className="cs-cta-banner-image" decorative />
      </div>
    </div>
  );
}

export function MarkdownBlock({ data }: BlockProps) {
  return (
    <div className="cs-width">
      <MarkdownText source={data.content} />
    </div>
  );
}

function PdfBox({ item }: { item: Fields }) {
  return (
    <div className="cs-card cs-pdf-box">
      <h3>
        <Icon name={item.ctaIcon} /> {text(item.ctaName)}
      </h3>
      <MarkdownText source={item.content} />
      <Link href={text(item.ctaButtonUrl)} newTab className="cs-button cs-button-primary">
        <Icon name={item.ctaButtonIcon} /> {text(item.ctaButtonText)}
      </Link>
    </div>
  );
}

export function PdfPreviewInMarkdown({ data }: BlockProps) {
  return (
    <div className="cs-width">
      <PdfBox item={data} />
    </div>
  );
}

export function PdfPreviewInMarkdownList({ data }: BlockProps) {
  return (
    <div className="cs-width">
      <h2>
        <Icon name={data.icon} /> {text(data.name)}
      </h2>
      <div className="cs-grid cs-grid-2">
        {list(data.items).map((item) => (
          <PdfBox key={text(item.ctaName)} item={item} />
        ))}
      </div>
    </div>
  );
}
