import { pageItems } from './pagination';

export function PaginationBar(props: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { page, totalPages, onPage } = props;
  if (totalPages <= 1) return null;
  return (
    <nav className="admin-pagination" aria-label="Pagination">
      <button
        type="button"
        className="noek-btn noek-btn-outline"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      {pageItems(page, totalPages).map((item, i) =>
        item === 'ellipsis' ? (
          <span key={`e${i}`} className="admin-pagination__ellipsis">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={`noek-btn ${item === page ? '' : 'noek-btn-ghost'}`}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className="noek-btn noek-btn-outline"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
