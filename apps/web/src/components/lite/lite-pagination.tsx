import type { ReactNode } from 'react';
import './lite.css';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onChange: (page: number, pageSize: number) => void;
  /** The total line («Всего: 1 200»), before the pages. */
  totalText?: ReactNode;
  labels: {
    nav: string;
    prev: string;
    next: string;
    page: (page: number) => string;
    size: string;
    perPage: (size: number) => string;
  };
}

/** The pages to offer: the first, the last, two around the current one, «…» between. */
const pagesOf = (current: number, last: number): (number | 'gap')[] => {
  const pages: (number | 'gap')[] = [];
  for (let page = 1; page <= last; page += 1) {
    if (page === 1 || page === last || Math.abs(page - current) <= 2) pages.push(page);
    else if (pages[pages.length - 1] !== 'gap') pages.push('gap');
  }
  return pages;
};

/**
 * antd's pagination drawn with plain elements: previous and next, the page numbers with «…», and the page
 * size as a native select (keyboard and screen readers know it). A navigation landmark of its own.
 */
export const LitePagination = ({ page, pageSize, total, pageSizes, onChange, totalText, labels }: Props) => {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="lite-pagination" aria-label={labels.nav}>
      {totalText ? <span className="lite-pagination-total">{totalText}</span> : null}
      <button
        type="button"
        className="lite-pagination-item"
        aria-label={labels.prev}
        disabled={page <= 1}
        onClick={() => onChange(page - 1, pageSize)}
      >
        <span aria-hidden className="lite-flip">
          ‹
        </span>
      </button>
      {pagesOf(page, last).map((item, index) =>
        item === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own
          <span key={`gap-${index}`} className="lite-pagination-gap" aria-hidden>
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={`lite-pagination-item${item === page ? ' lite-pagination-active' : ''}`}
            aria-label={labels.page(item)}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => item !== page && onChange(item, pageSize)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className="lite-pagination-item"
        aria-label={labels.next}
        disabled={page >= last}
        onClick={() => onChange(page + 1, pageSize)}
      >
        <span aria-hidden className="lite-flip">
          ›
        </span>
      </button>
      <select
        className="lite-select"
        aria-label={labels.size}
        value={pageSize}
        onChange={(event) => onChange(1, Number(event.target.value))}
      >
        {pageSizes.map((size) => (
          <option key={size} value={size}>
            {labels.perPage(size)}
          </option>
        ))}
      </select>
    </nav>
  );
};
