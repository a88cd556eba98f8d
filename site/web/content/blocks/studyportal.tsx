/** Study-portal blocks and embedded forms: university card, ratings, search results, review and contact forms. */
import { FilterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Pagination, Spin } from 'antd';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { fetchSearch, type SearchHit } from '../api.js';
import { useSite, useText } from '../context.js';
import { formatPercent, formatScore, overallRating, ratingCountKey, ratingLabel } from '../logic/index.js';
import { BlockHeader, Cta, Icon, Img, Link, list, MarkdownText, Stars, text } from '../ui.js';
import type { BlockProps } from './types.js';

const FormPage = lazy(() => import('../../forms/FormPage.js'));

export function UniversityCard({ data }: BlockProps) {
  const rating = Number(data.rating ?? 0);
  return (
    <div className="cs-width">
      <div className="cs-card cs-university-card">
        <Img src={data.logo} className="cs-uni-logo" decorative />
        <div>
          <h2>{text(data.headline)}</h2>
          <p className="cs-muted">{text(data.subHeadline)}</p>
          {rating > 0 ? <Stars value={rating} /> : null}
        </div>
        <div className="cs-actions">
          {list(data.actions).map((a) => (
            <Cta key={text(a.ctaText)} text={a.ctaText} url={a.ctaUrl} variant="secondary" />
          ))}
        </div>
      </div>
    </div>
  );
}

/** Rating overview: the overall rating (mean of rates above 0), its label, distribution, recommendation, reviews. */
export function RatingOverview({ data }: BlockProps) {
  const t = useText();
  const items = list(data.items);
  const overall = overallRating(items.map((i) => Number(i.rate ?? 0)));
  const distribution = list(data.distribution);
  const total = distribution.reduce((sum, d) => sum + Number(d.count ?? 0), 0);
  const recommendation = (data.recommendation ?? undefined) as { rating?: number; percent?: number } | undefined;
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} description={data.description} />
      <div className="cs-grid cs-grid-3">
        <div className="cs-card">
          <h3>{t('ratings.overall')}</h3>
          <p className="cs-score">
            <strong data-testid="overall-rating">{formatScore(overall)}</strong>{' '}
            <span data-testid="rating-label">{t(`ratings.${ratingLabel(overall)}`)}</span>
          </p>
          <Stars value={overall} />
          <ul className="cs-plain-list">
            {items.map((i) => (
              <li key={text(i.label)}>
                {text(i.label)}: {formatScore(Number(i.rate ?? 0))}
              </li>
            ))}
          </ul>
        </div>
        <div className="cs-card">
          <p>
            {total} {t(`ratings.${ratingCountKey(total)}`)}
          </p>
          <ul className="cs-plain-list cs-distribution">
            {distribution.map((d) => (
              <li key={text(d.stars)}>
                <span>{text(d.stars)} ★</span>
                <meter min={0} max={total || 1} value={Number(d.count ?? 0)} aria-label={`${text(d.stars)} ★`} />
                <span>{text(d.count)}</span>
              </li>
            ))}
          </ul>
          {recommendation ? (
            <p>{t('ratings.recommend', { percent: formatPercent(Number(recommendation.percent ?? 0)) })}</p>
          ) : null}
          <ul className="cs-plain-list cs-satisfaction">
            {list(data.satisfaction).map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: positional
              <li key={i}>
                <span className="cs-swatch" style={{ background: text(s.color) }} aria-hidden />
                <Icon name={s.icon} /> {formatPercent(Number(s.rate ?? 0))} %
              </li>
            ))}
          </ul>
        </div>
        <ul className="cs-plain-list">
          {list(data.reviews).map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: positional
            <li key={i} className="cs-card">
              <Stars value={Number(r.rate ?? 0)} />
              <MarkdownText source={r.content} />
              <p className="cs-muted">
                {text(r.description)} · {text(r.source)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

type Tab = 'program' | 'university';
const PAGE_SIZE = 10;

function resultCard(kind: Tab, hit: SearchHit, t: (k: string) => string) {
  const url =
    kind === 'university'
      ? `/studyportal/university/${hit.slug}`
      : hit.university
        ? `/studyportal/university/${hit.university.slug}/studyprograms/${hit.slug}`
        : `/studyportal/studyprograms/${hit.slug}`;
  return (
    <li key={`${kind}-${hit.slug}`} className="cs-card cs-result-card">
      <span className="cs-muted">{kind === 'university' ? t('search.university') : hit.university?.name}</span>
      <h3>
        <Link href={url}>{hit.name}</Link>
      </h3>
      {hit.location ? (
        <p>
          <Icon name="pin" /> {hit.location}
        </p>
      ) : null}
    </li>
  );
}

/** Search results: a filter form beside tabbed, paginated result cards; on mobile the filter opens in a drawer. */
export function SearchResults({ data }: BlockProps) {
  const t = useText();
  const { locale, viewport } = useSite();
  const query = typeof window === 'undefined' ? new URLSearchParams() : new URLSearchParams(window.location.search);
  const [name, setName] = useState(query.get('name') ?? '');
  const [applied, setApplied] = useState(query.get('name') ?? '');
  // study-field cards link here with ?category_ids=…; the reset button drops that filter too
  const [categoryIds, setCategoryIds] = useState(query.getAll('category_ids').join(','));
  const tabs = (list<string>(data.tabs).filter((x) => x === 'program' || x === 'university') as Tab[]) ?? [];
  const [tab, setTab] = useState<Tab>(tabs[0] ?? 'program');
  const [page, setPage] = useState(1);
  const [drawer, setDrawer] = useState(false);
  const result = useQuery({
    queryKey: ['search', applied, categoryIds, page, locale],
    queryFn: () =>
      fetchSearch({ name: applied, category_ids: categoryIds, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE }, locale),
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(name.trim());
    setPage(1);
    setDrawer(false);
  };
  const filter = (
    <form className="cs-filter-form" onSubmit={apply} aria-label={t('search.filter')}>
      <label htmlFor="search-filter-name">{t('search.placeholder')}</label>
      <input id="search-filter-name" type="search" value={name} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="cs-button cs-button-primary">
        {t('search.applyFilter')}
      </button>
      <button
        type="button"
        className="cs-button cs-button-secondary"
        onClick={() => {
          setName('');
          setApplied('');
          setCategoryIds('');
          setPage(1);
        }}
      >
        {t('search.resetFilter')}
      </button>
    </form>
  );
  const answer = result.data?.[tab];
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} description={data.description} />
      <div className={viewport === 'desktop' ? 'cs-search-layout' : undefined}>
        {viewport === 'desktop' ? (
          <aside>{filter}</aside>
        ) : (
          <>
            <button type="button" className="cs-button cs-button-secondary" onClick={() => setDrawer(true)}>
              <FilterOutlined aria-hidden /> {t('search.filter')}
            </button>
            <Drawer
              open={drawer}
              onClose={() => setDrawer(false)}
              placement="left"
              size="100%"
              title={t('search.filter')}
            >
              {filter}
            </Drawer>
          </>
        )}
        <div>
          <div role="tablist" className="cs-tabs">
            {tabs.map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                aria-selected={tab === k}
                className={tab === k ? 'cs-tab cs-tab-active' : 'cs-tab'}
                onClick={() => {
                  setTab(k);
                  setPage(1);
                }}
              >
                {t(k === 'program' ? 'search.programs' : 'search.universities')}
                {result.data ? ` (${result.data[k].total})` : ''}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-busy={result.isPending}>
            {result.isPending ? <Spin /> : null}
            {answer && answer.total === 0 ? <p>{t('search.noResults')}</p> : null}
            {answer ? (
              <>
                <p className="cs-muted">{t('search.results', { count: answer.total })}</p>
                <ul className="cs-plain-list cs-results">{answer.data.map((hit) => resultCard(tab, hit, t))}</ul>
                {answer.total > PAGE_SIZE ? (
                  <Pagination
                    current={page}
                    total={answer.total}
                    pageSize={PAGE_SIZE}
                    showSizeChanger={false}
                    onChange={setPage}
                  />
                ) : null}
              </>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}

function EmbeddedForm({ formId, headline, description }: { formId: string; headline: unknown; description: unknown }) {
  const { locale } = useSite();
  return (
    <div className="cs-width cs-form-block">
      <BlockHeader headline={headline} description={description} />
      <Suspense fallback={<Spin />}>
        <FormPage id={formId} locale={locale} />
      </Suspense>
    </div>
  );
}

export function ReviewForm({ data }: BlockProps) {
  return (
    <EmbeddedForm
      formId={text(data.formId) || 'review-your-university'}
      headline={data.headline}
      description={data.description}
    />
  );
}

export function ContactFormV2({ data }: BlockProps) {
  return (
    <EmbeddedForm
      formId={text(data.formId) || 'contact-enquiry'}
      headline={data.headline}
      description={data.description}
    />
  );
}
