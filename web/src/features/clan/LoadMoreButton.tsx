import { ko } from '../../i18n/ko';

const t = ko.clanPlayer.common;

/**
 * The load-more control of a match list: shown while more exist, busy while loading
 * (docs/product/statistics-api.md#cursor-paging).
 */
export function LoadMoreButton({ hasMore, loading, onLoadMore }: { hasMore: boolean; loading: boolean; onLoadMore: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="load-more">
      <button type="button" className="button" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
        {loading ? t.loadingMore : t.loadMore}
      </button>
    </div>
  );
}
