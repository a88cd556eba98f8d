/** The footer (spec 2.3, 2.5): CTA banner, link groups, secondary items and CTA, the copyright with the current year. */
import type { ContentRecord } from '../api.js';
import { CtaBannerView } from '../blocks/lists.js';
import { useText } from '../context.js';
import { copyrightText } from '../logic/index.js';
import { Cta, Icon, Link, list, text } from '../ui.js';

export function Footer({ footer }: { footer?: ContentRecord }) {
  const t = useText();
  if (!footer) return null;
  const data = footer.flatData;
  const banner = data.ctaBanner as Record<string, unknown> | undefined;
  return (
    <footer className="cs-footer">
      {banner ? <CtaBannerView data={banner} /> : null}
      <div className="cs-width cs-footer-groups">
        {list(data.items).map((group) => (
          <nav key={text(group.label)} aria-label={text(group.label)} className="cs-footer-group">
            <h2>{text(group.label)}</h2>
            <ul className={`cs-plain-list cs-footer-${group.style === 'horizontal' ? 'horizontal' : 'vertical'}`}>
              {list(group.items).map((item) => (
                <li key={text(item.label)}>
                  <Link href={text(item.url)}>
                    {item.type === 'icon' ? <Icon name={item.icon} /> : null} {text(item.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="cs-width cs-footer-bottom">
        <ul className="cs-plain-list cs-footer-horizontal" aria-label={t('footer.legal')}>
          {list(data.secondaryItems).map((item) => (
            <li key={text(item.label)}>
              <Link href={text(item.url)} newTab={text(item.url).startsWith('/sitemap.xml')}>
                {text(item.label)}
              </Link>
            </li>
          ))}
        </ul>
        {data.secondaryCta ? <Cta text={data.secondaryCtaText} url={data.secondaryCtaUrl} variant="secondary" /> : null}
        <p data-testid="copyright">{copyrightText(text(data.copyright))}</p>
      </div>
    </footer>
  );
}
