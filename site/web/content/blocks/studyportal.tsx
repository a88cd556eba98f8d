/** Study-portal blocks and embedded forms: university card, ratings, search results, review and contact forms. */
import {
  CloseOutlined,
  EnvironmentOutlined,
  FacebookFilled,
  FilterOutlined,
  InstagramFilled,
  LinkedinFilled,
  MailOutlined,
  MessageOutlined,
  PhoneOutlined,
  WechatFilled,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../Spinner.js';
import { fetchSearch, fetchUniversityRecords, type SearchHit, type SearchQuery } from '../api.js';
import { type ChoicePage, Combobox } from '../Combobox.js';
import { useSite, useText } from '../context.js';
import { Drawer } from '../Drawer.js';
import {
  type ActiveFilter,
  activeFilters,
  COUNTS,
  formatPercent,
  formatScore,
  hasMore,
  idList,
  locationsOf,
  overallRating,
  ratingCountKey,
  ratingLabel,
  type SearchFilters,
  withoutFilter,
} from '../logic/index.js';
import { Pagination } from '../Pagination.js';
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
const PAGE_SIZE = COUNTS.searchPageSize;

/** The filters as query parameters: a picked university by id, a typed one by the text its name contains. */
function filterQuery(filters: SearchFilters): SearchQuery {
  return {
    name: filters.name,
    category_ids: filters.categoryIds,
    university_ids: filters.university && !filters.university.custom ? filters.university.value : undefined,
    university_name: filters.university?.custom ? filters.university.label : undefined,
    location: filters.location?.value,
  };
}

interface ResultPages {
  program: { total: number; data: SearchHit[] };
  university: { total: number; data: SearchHit[] };
}

/** One page of programs and one of universities for the filters (and both totals, for the tabs). */
async function searchResults(
  filters: SearchFilters,
  page: number,
  locale: string,
  signal: AbortSignal,
): Promise<ResultPages> {
  const query = { ...filterQuery(filters), skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE };
  const [found, universities] = await Promise.all([
    fetchSearch(query, locale, signal),
    fetchUniversityRecords(query, locale, signal),
  ]);
  return {
    program: found.program,
    university: {
      total: universities.total,
      data: universities.data.map((u) => ({
        id: u.id,
        name: text(u.universityName),
        slug: text(u.slug),
        location: text(u.location),
      })),
    },
  };
}

/** One page of the university select: universities whose name contains the typed text. */
async function universityChoices(query: SearchQuery, locale: string, signal: AbortSignal): Promise<ChoicePage> {
  const answer = await fetchSearch({ ...query, take: PAGE_SIZE }, locale, signal);
  return {
    total: answer.university.total,
    options: answer.university.data.map((u) => ({
      value: String(u.id ?? u.slug),
      label: u.name,
      location: u.location,
    })),
  };
}

/** Every location of the universities (spec 7: location options derive from their comma-separated locations). */
async function locationChoices(query: SearchQuery, locale: string, signal: AbortSignal): Promise<ChoicePage> {
  const universities: SearchHit[] = [];
  let total = Number.POSITIVE_INFINITY;
  for (let skip = 0; hasMore(skip, total); skip += PAGE_SIZE) {
    const answer = await fetchSearch({ ...query, skip, take: PAGE_SIZE }, locale, signal);
    total = answer.university.total;
    universities.push(...answer.university.data);
    if (answer.university.data.length === 0) break;
  }
  const options = locationsOf(universities, locale);
  return { total: options.length, options };
}

type TextOf = (key: string, params?: Record<string, string | number>) => string;

/**
 * A result card. A program's title carries its degree, so that two programs of one name at one university (the
 * Bachelor and the Master) differ in what is seen and in their links' names; the place it is taught follows.
 */
function resultCard(kind: Tab, hit: SearchHit, t: TextOf) {
  const url =
    kind === 'university'
      ? `/studyportal/university/${hit.slug}`
      : hit.university
        ? `/studyportal/university/${hit.university.slug}/studyprograms/${hit.slug}`
        : `/studyportal/studyprograms/${hit.slug}`;
  const degree = kind === 'program' ? text(hit.degree).trim() : '';
  return (
    <li key={`${kind}-${hit.slug}`} className="cs-card cs-result-card">
      <span className="cs-muted">{kind === 'university' ? t('search.university') : hit.university?.name}</span>
      <h3>
        <Link href={url}>{degree ? t('search.programWithDegree', { name: hit.name, degree }) : hit.name}</Link>
      </h3>
      {hit.location ? (
        <p className="cs-result-location">
          <Icon name="pin" />
          <span className="cs-visually-hidden">{t('search.location')}: </span>
          {hit.location}
        </p>
      ) : null}
    </li>
  );
}

const FILTER_LABELS: Record<ActiveFilter['kind'], string> = {
  studyField: 'search.studyField',
  name: 'search.placeholder',
  university: 'search.university',
  location: 'search.location',
};

/**
 * The filters in force, above the results on every screen (on phones the filter form is in a drawer): a study
 * field a study-field card's link set, the name searched for, a university, a location. Each is a button that takes
 * it away.
 */
function ActiveFilters({ filters, onRemove }: { filters: ActiveFilter[]; onRemove: (key: string) => void }) {
  const t = useText();
  const labelId = useId();
  if (filters.length === 0) return null;
  return (
    <div className="cs-active-filters">
      <span id={labelId} className="cs-active-filters-label">
        {t('search.activeFilters')}
      </span>
      <ul className="cs-plain-list cs-chips" aria-labelledby={labelId}>
        {filters.map((filter) => {
          const shown = t('search.filterValue', { label: t(FILTER_LABELS[filter.kind]), value: filter.value });
          return (
            <li key={filter.key}>
              <button
                type="button"
                className="cs-chip"
                data-filter-key={filter.key}
                aria-label={t('search.removeFilter', { filter: shown })}
                onClick={() => onRemove(filter.key)}
              >
                <span>{shown}</span>
                <CloseOutlined aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The address of the search with the filters a link can carry (name, study fields): a reload keeps them. */
function addressOf(filters: SearchFilters): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('name');
  url.searchParams.delete('category_ids');
  if (filters.name) url.searchParams.set('name', filters.name);
  for (const id of idList(filters.categoryIds)) url.searchParams.append('category_ids', id);
  return `${url.pathname}${url.search}${url.hash}`;
}

interface FilterFormProps {
  initial: SearchFilters;
  onApply: (filters: SearchFilters) => void;
}

/**
 * The filter form: the name, a university select (paged server search) and a location select (the universities'
 * locations, or the chosen university's); applied with its submit button.
 */
function FilterForm({ initial, onApply }: FilterFormProps) {
  const t = useText();
  const { locale } = useSite();
  const [name, setName] = useState(initial.name);
  const [university, setUniversity] = useState(initial.university);
  const [location, setLocation] = useState(initial.location);
  const [categoryIds, setCategoryIds] = useState(initial.categoryIds);
  const chosenUniversity = university && !university.custom ? university : undefined;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply({ name: name.trim(), categoryIds, university, location });
  };
  return (
    <form className="cs-filter-form" onSubmit={apply} aria-label={t('search.filter')}>
      <label htmlFor="search-filter-name">{t('search.placeholder')}</label>
      <input id="search-filter-name" type="search" value={name} onChange={(e) => setName(e.target.value)} />
      <Combobox
        id="search-filter-university"
        label={t('search.university')}
        value={university}
        onChange={setUniversity}
        searchesText
        sourceKey={['universities', locale, categoryIds, location?.value]}
        load={(typed, skip, signal) =>
          universityChoices({ name: typed, skip, category_ids: categoryIds, location: location?.value }, locale, signal)
        }
      />
      <Combobox
        id="search-filter-location"
        label={t('search.location')}
        value={location}
        onChange={setLocation}
        sourceKey={['locations', locale, categoryIds, chosenUniversity?.value]}
        load={async (_typed, _skip, signal) => {
          if (!chosenUniversity) return locationChoices({ category_ids: categoryIds }, locale, signal);
          const own = locationsOf([chosenUniversity], locale);
          return { total: own.length, options: own };
        }}
      />
      <button type="submit" className="cs-button cs-button-primary">
        {t('search.applyFilter')}
      </button>
      <button
        type="button"
        className="cs-button cs-button-secondary"
        onClick={() => {
          // the study field of a study-field card's link goes too
          const cleared = { name: '', categoryIds: '' };
          setName('');
          setUniversity(undefined);
          setLocation(undefined);
          setCategoryIds('');
          onApply(cleared);
        }}
      >
        {t('search.resetFilter')}
      </button>
    </form>
  );
}

/** Search results: a filter form beside tabbed, paginated result cards; on mobile the filter opens in a drawer. */
export function SearchResults({ data }: BlockProps) {
  const t = useText();
  const { locale, viewport } = useSite();
  // the names of the study fields, for the filter a study-field card's link sets (the page's content has them)
  const fieldNames = useMemo(
    () => new Map(list(data.studyFields).map((field) => [text(field.categoryId), text(field.category)])),
    [data.studyFields],
  );
  const [filters, setFilters] = useState<SearchFilters>(() => {
    const query = typeof window === 'undefined' ? new URLSearchParams() : new URLSearchParams(window.location.search);
    // study-field cards link here with ?category_ids=…; the search hero with ?name=…
    return { name: query.get('name') ?? '', categoryIds: query.getAll('category_ids').join(',') };
  });
  const tabs = list<string>(data.tabs).filter((x): x is Tab => x === 'program' || x === 'university');
  const [tab, setTab] = useState<Tab>(tabs[0] ?? 'program');
  const [page, setPage] = useState(1);
  const [drawer, setDrawer] = useState(false);
  // a filter taken away outside the form gives the form its new values (a new form)
  const [formRevision, setFormRevision] = useState(0);
  // where focus goes once a removed filter's button is gone: the next filter, else the results' tab
  const [focusAfterRemoval, setFocusAfterRemoval] = useState<string>();
  const root = useRef<HTMLDivElement>(null);
  const result = useQuery({
    queryKey: ['search', filterQuery(filters), page, locale],
    queryFn: ({ signal }) => searchResults(filters, page, locale, signal),
    // the last results stay (busy) while the next arrive: the page neither jumps nor loses its page buttons
    placeholderData: (previous) => previous,
  });
  const apply = (next: SearchFilters) => {
    setFilters(next);
    setPage(1);
    setDrawer(false);
    window.history.replaceState(window.history.state, '', addressOf(next));
  };
  const active = activeFilters(filters, fieldNames);
  const remove = (key: string) => {
    const at = active.findIndex((f) => f.key === key);
    setFocusAfterRemoval((active[at + 1] ?? active[at - 1])?.key ?? 'tab');
    apply(withoutFilter(filters, key));
    setFormRevision((n) => n + 1);
  };
  useEffect(() => {
    if (!focusAfterRemoval) return;
    const target =
      focusAfterRemoval === 'tab'
        ? root.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')
        : [...(root.current?.querySelectorAll<HTMLElement>('[data-filter-key]') ?? [])].find(
            (chip) => chip.dataset.filterKey === focusAfterRemoval,
          );
    target?.focus();
    setFocusAfterRemoval(undefined);
  }, [focusAfterRemoval]);
  const filter = <FilterForm key={formRevision} initial={filters} onApply={apply} />;
  const answer = result.data?.[tab];
  const tabLabel = (k: Tab) => t(k === 'program' ? 'search.programs' : 'search.universities');
  return (
    <div className="cs-width" ref={root}>
      <BlockHeader headline={data.headline} description={data.description} />
      <div className={viewport === 'desktop' ? 'cs-search-layout' : undefined}>
        {viewport === 'desktop' ? (
          <aside>{filter}</aside>
        ) : (
          <>
            <button
              type="button"
              className="cs-button cs-button-secondary"
              aria-haspopup="dialog"
              onClick={() => setDrawer(true)}
            >
              <FilterOutlined aria-hidden /> {t('search.filter')}
            </button>
            <Drawer
              open={drawer}
              onClose={() => setDrawer(false)}
              title={t('search.filter')}
              className="cs-filter-drawer"
            >
              {filter}
            </Drawer>
          </>
        )}
        <div>
          <ActiveFilters filters={active} onRemove={remove} />
          <div role="tablist" className="cs-tabs">
            {tabs.map((k) => (
              <button
                key={k}
                id={`search-tab-${k}`}
                type="button"
                role="tab"
                aria-selected={tab === k}
                aria-controls="search-results-panel"
                className={tab === k ? 'cs-tab cs-tab-active' : 'cs-tab'}
                onClick={() => {
                  setTab(k);
                  setPage(1);
                }}
              >
                {tabLabel(k)}
                {result.data ? ` (${result.data[k].total})` : ''}
              </button>
            ))}
          </div>
          <div
            id="search-results-panel"
            role="tabpanel"
            aria-labelledby={`search-tab-${tab}`}
            aria-busy={result.isFetching}
          >
            {result.isPending ? <Spinner label={t('common.loading')} /> : null}
            {answer && answer.total === 0 ? <p>{t('search.noResults')}</p> : null}
            {answer ? (
              <>
                <p className="cs-muted" role="status">
                  {t('search.results', { count: answer.total })}
                </p>
                <ul className="cs-plain-list cs-results">{answer.data.map((hit) => resultCard(tab, hit, t))}</ul>
                <Pagination
                  page={page}
                  total={answer.total}
                  pageSize={PAGE_SIZE}
                  onChange={setPage}
                  label={tabLabel(tab)}
                />
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
  const t = useText();
  return (
    <div className="cs-width cs-form-block">
      <BlockHeader headline={headline} description={description} />
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
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

/**
 * The contact page (spec 001 §2): the form, and beside it on desktop (below it on phones) the company's panel and
 * the emergency line. The company's data comes with the block (site/content/pages/contact.json).
 */
export function ContactFormV2({ data }: BlockProps) {
  const form = (
    <EmbeddedForm
      formId={text(data.formId) || 'contact-enquiry'}
      headline={data.headline}
      description={data.description}
    />
  );
  const company = data.company as Record<string, unknown> | undefined;
  if (!company) return form;
  return (
    <div className="cs-width cs-contact-layout">
      {form}
      <CompanyPanel company={company} />
    </div>
  );
}

const SOCIAL = {
  facebook: { name: 'Facebook', Icon: FacebookFilled },
  instagram: { name: 'Instagram', Icon: InstagramFilled },
  wechat: { name: 'WeChat', Icon: WechatFilled },
  linkedin: { name: 'LinkedIn', Icon: LinkedinFilled },
} as const;

/** A phone number as dialled: digits and a leading plus. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function CompanyPanel({ company }: { company: Record<string, unknown> }) {
  const t = useText();
  const phone = text(company.phone);
  const email = text(company.email);
  const emergency = text(company.emergencyPhone);
  return (
    <aside className="cs-contact-aside" aria-label={t('contact.panel')}>
      <section className="cs-card cs-company">
        {company.logo ? <Img src={company.logo} alt={text(company.name)} className="cs-company-logo" /> : null}
        <h2>{text(company.name)}</h2>
        <ul className="cs-plain-list cs-company-list">
          <li>
            <PhoneOutlined aria-hidden className="cs-icon" />
            <span className="cs-visually-hidden">{t('contact.phone')}: </span>
            <a href={telHref(phone)}>{phone}</a>
          </li>
          <li>
            <MailOutlined aria-hidden className="cs-icon" />
            <span className="cs-visually-hidden">{t('contact.email')}: </span>
            <a href={`mailto:${email}`}>{email}</a>
          </li>
          <li>
            <EnvironmentOutlined aria-hidden className="cs-icon" />
            <Link href={text(company.mapUrl)} newTab>
              {t('contact.map')}
              {company.address ? <span className="cs-muted">{text(company.address)}</span> : null}
            </Link>
          </li>
          <li>
            <MessageOutlined aria-hidden className="cs-icon" />
            <Link href={text(company.chatUrl)} newTab>
              {t('contact.chat')}
            </Link>
          </li>
        </ul>
        <h3>{t('contact.social')}</h3>
        <ul className="cs-plain-list cs-company-social">
          {list<{ network: keyof typeof SOCIAL; url: string }>(company.social)
            .filter((s) => SOCIAL[s.network])
            .map(({ network, url }) => {
              const { name, Icon: SocialIcon } = SOCIAL[network];
              return (
                <li key={network}>
                  <Link href={url} newTab label={name} className="cs-icon-button">
                    <SocialIcon aria-hidden />
                  </Link>
                </li>
              );
            })}
        </ul>
      </section>
      {emergency ? (
        <section className="cs-card cs-emergency">
          <h2>{t('contact.emergency')}</h2>
          <p className="cs-emergency-line">
            <PhoneOutlined aria-hidden className="cs-icon" />
            <span className="cs-visually-hidden">{t('contact.emergencyPhone')}: </span>
            <a href={telHref(emergency)}>{emergency}</a>
          </p>
        </section>
      ) : null}
    </aside>
  );
}
