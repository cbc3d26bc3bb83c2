import { Link, useLocation } from 'react-router-dom';
import { communityKo } from '../../i18n/community';

const WINDOW = 10;

/** Page links 1..n in windows of ten, with previous and next; the page lives in the address (?page=). */
export function Pager({ page, totalPages }: { page: number; totalPages: number }) {
  const { pathname } = useLocation();
  if (totalPages <= 1) return null;
  const first = Math.floor((page - 1) / WINDOW) * WINDOW + 1;
  const last = Math.min(totalPages, first + WINDOW - 1);
  const to = (target: number) => (target === 1 ? pathname : `${pathname}?page=${target}`);
  const pages = Array.from({ length: last - first + 1 }, (_, index) => first + index);
  return (
    <nav className="pager" aria-label={communityKo.pager.label}>
      {page > 1 && <Link className="pager__link" to={to(page - 1)}>{communityKo.pager.previous}</Link>}
      {pages.map((target) => (
        <Link key={target} className="pager__link" to={to(target)} aria-label={communityKo.pager.page(target)}
          aria-current={target === page ? 'page' : undefined}>
          {target}
        </Link>
      ))}
      {page < totalPages && <Link className="pager__link" to={to(page + 1)}>{communityKo.pager.next}</Link>}
    </nav>
  );
}
