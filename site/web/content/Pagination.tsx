/**
 * Page buttons of a result list (spec 002 §9: no size changer): previous, the pages around the current one with
 * gaps, next; the current page is `aria-current="page"`. Nothing when everything fits on one page.
 */
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useText } from './context.js';
import { pageCount, pageItems } from './logic/index.js';

export interface PaginationProps {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** What the pages are of, e.g. 'Programs' (the navigation's name). */
  label: string;
}

export function Pagination({ page, total, pageSize, onChange, label }: PaginationProps) {
  const t = useText();
  const count = pageCount(total, pageSize);
  if (count <= 1) return null;
  return (
    <nav className="cs-pagination" aria-label={t('pagination.label', { name: label })}>
      <ul className="cs-plain-list">
        <li>
          <button
            type="button"
            className="cs-page-button"
            disabled={page <= 1}
            onClick={() => onChange(page - 1)}
            aria-label={t('pagination.previous')}
          >
            <LeftOutlined aria-hidden />
          </button>
        </li>
        {pageItems(page, count).map((item, i) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, told apart by position
            <li key={`gap-${i}`} className="cs-page-gap" aria-hidden>
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={`cs-page-button${item === page ? ' cs-page-current' : ''}`}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pagination.page', { n: item })}
                onClick={() => onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="cs-page-button"
            disabled={page >= count}
            onClick={() => onChange(page + 1)}
            aria-label={t('pagination.next')}
          >
            <RightOutlined aria-hidden />
          </button>
        </li>
      </ul>
    </nav>
  );
}
