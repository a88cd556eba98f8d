/** Carousels (spec 2.5, 4 and 9): the feature carousel, testimonials, universities and programs. */
import { EnvironmentOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Carousel } from '../Carousel.js';
import { useSite, useText } from '../context.js';
import { formatNumber } from '../logic/index.js';
import { BlockHeader, Cta, Img, Link, list, MarkdownText, Stars, text, useAssetUrl } from '../ui.js';
import type { BlockProps, Fields } from './types.js';

/** The feature carousel shows only with the app flag on or when its CTA leads somewhere else than the app. */
export const FEATURE_CAROUSEL_DEFAULT_URL = '/app/';

export function FeatureCarousel({ data }: BlockProps) {
  const { flags, viewport } = useSite();
  const [active, setActive] = useState(0);
  if (!flags.app && text(data.ctaUrl) === FEATURE_CAROUSEL_DEFAULT_URL) return null;
  const items = list(data.items);
  const slides = items.map((item) => (
    <div key={text(item.headline)} className="cs-feature-slide">
      <Img src={item.image} className="cs-rounded-image" decorative />
    </div>
  ));
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} />
      <div className={viewport === 'desktop' ? 'cs-split' : undefined}>
        <ol className="cs-plain-list cs-feature-list">
          {items.map((item, i) => (
            <li key={text(item.headline)}>
              <button
                type="button"
                className={`cs-feature-item${i === active ? ' cs-feature-item-active' : ''}`}
                aria-pressed={i === active}
                onClick={() => setActive(i)}
              >
                <strong>{text(item.headline)}</strong>
                <span>{text(item.description)}</span>
              </button>
            </li>
          ))}
        </ol>
        <Carousel items={slides} label={text(data.headline)} index={active} onChange={setActive} autoplayMs={6000} />
      </div>
      <Cta text={data.ctaText} url={data.ctaUrl} />
    </div>
  );
}

/** Testimonials: dots, no arrows, adaptive height (the carousel takes the height of the quote in view). */
export function Testimonials({ data }: BlockProps) {
  const t = useText();
  const slides = list(data.items).map((item) => {
    const author = (item.author ?? {}) as Fields;
    return (
      <figure key={text(author.name)} className="cs-card cs-testimonial">
        <blockquote>
          <MarkdownText source={item.content} />
        </blockquote>
        <figcaption>
          <Img src={author.avatar} className="cs-avatar" decorative />
          <span>
            <strong>{text(author.name)}</strong>
            {list<string>(author.info).map((line) => (
              <span key={text(line)} className="cs-muted">
                {text(line)}
              </span>
            ))}
          </span>
        </figcaption>
      </figure>
    );
  });
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} />
      <Carousel items={slides} label={text(data.headline) || t('carousel.testimonials')} adaptiveHeight />
    </div>
  );
}

function universityOf(record: Fields): Fields {
  return ((record.flatData ?? record) as Fields) ?? {};
}

function UniversitySlide({ university }: { university: Fields }) {
  const t = useText();
  const bg = useAssetUrl(university.universityBackgroundPicture);
  const rating = Number(university.universityRatingValue ?? 0);
  return (
    <article className="cs-card cs-university-slide">
      <div className="cs-slide-top" style={bg ? { backgroundImage: `url("${bg}")` } : undefined}>
        <Img src={university.universityLogo} className="cs-uni-logo" decorative />
      </div>
      <span className="cs-tag">{text(university.typUniversity)}</span>
      <h3>
        <Link href={`/studyportal/university/${text(university.slug)}`}>{text(university.universityName)}</Link>
      </h3>
      {rating > 0 ? <Stars value={rating} /> : null}
      <p className="cs-clamp-3">{text(university.infoProfileText)}</p>
      <dl className="cs-facts">
        <div>
          <dt>{t('university.country')}</dt>
          <dd>{text(university.country)}</dd>
        </div>
        <div>
          <dt>
            <EnvironmentOutlined aria-hidden /> {t('search.location')}
          </dt>
          <dd>{text(university.location)}</dd>
        </div>
        <div>
          <dt>{t('university.students')}</dt>
          <dd>{formatNumber(Number(university.studentnumber ?? 0), 0)}</dd>
        </div>
        <div>
          <dt>{t('university.founded')}</dt>
          <dd>{text(university.foundingyear)}</dd>
        </div>
      </dl>
    </article>
  );
}

/** University carousel: configurable slides and step with arrows on desktop, 1 on mobile; dots, loop, 500 ms. */
export function UniversityCarousel({ data }: BlockProps) {
  const t = useText();
  const { viewport } = useSite();
  const items = list(data.items).map(universityOf);
  const desktop = viewport === 'desktop';
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} description={data.description} />
      <Carousel
        items={items.map((u) => <UniversitySlide key={text(u.slug)} university={u} />)}
        label={text(data.headline) || t('search.universities')}
        slidesToShow={desktop ? Number(data.slidesToShow ?? 3) : 1}
        slidesToScroll={desktop ? Number(data.slidesToScroll ?? 1) : 1}
        arrows={desktop}
      />
      <Cta text={data.ctaText} url={data.ctaUrl} variant="secondary" />
    </div>
  );
}

/** Program carousel: university and program data; links to the university-program page. */
export function ProgramCarousel({ data }: BlockProps) {
  const t = useText();
  const { viewport } = useSite();
  const programs = list(data.items).map(universityOf);
  const slides = programs.map((p) => {
    const uni = universityOf(list(p.university)[0] ?? {});
    const bg = uni.universityBackgroundPicture;
    return (
      <article key={text(p.slug)} className="cs-card cs-program-slide">
        <Img src={bg} className="cs-card-image" decorative />
        <span className="cs-muted">{text(uni.universityName ?? p.universityName)}</span>
        <h3>
          <Link href={`/studyportal/university/${text(uni.slug)}/studyprograms/${text(p.slug)}`}>
            {text(p.studyProgram ?? p.studyprogramDetail)}
          </Link>
        </h3>
        <p className="cs-clamp-3">{text(p.infoProfileText)}</p>
        <dl className="cs-facts">
          <div>
            <dt>{t('university.degree')}</dt>
            <dd>{text(p.academicDegree)}</dd>
          </div>
          <div>
            <dt>{t('university.language')}</dt>
            <dd>{list<string>(p.language).map(text).join(', ')}</dd>
          </div>
          <div>
            <dt>{t('university.studyForm')}</dt>
            <dd>{list<string>(p.studyform).map(text).join(', ')}</dd>
          </div>
          <div>
            <dt>{t('search.location')}</dt>
            <dd>{text(p.locations)}</dd>
          </div>
        </dl>
      </article>
    );
  });
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} />
      <Carousel
        items={slides}
        label={text(data.headline) || t('search.programs')}
        slidesToShow={viewport === 'desktop' ? Number(data.slidesToShow ?? 3) : 1}
        slidesToScroll={viewport === 'desktop' ? Number(data.slidesToScroll ?? 1) : 1}
        arrows={viewport === 'desktop'}
      />
      <Cta text={data.ctaText} url={data.ctaUrl} variant="secondary" />
    </div>
  );
}
