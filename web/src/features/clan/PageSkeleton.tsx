import { ko } from '../../i18n/ko';
import { SkeletonFrame } from '../../ui/stats';

/** The first panels of the clan, player and head-to-head pages, each with a skeleton sized like it (clan.css). */
export type SkeletonBlock =
  | 'clan-header' | 'recent-results' | 'opponents' | 'clan-opponents' | 'player-header' | 'proxy-player-header' | 'last20' | 'stat-grid'
  | 'chips' | 'h2h-header' | 'matches';

/**
 * What a clan or player page shows before its first answer: the breadcrumbs' line, then blocks the size of its
 * first panels, with the loading text over the first one, so the panels replace them where they stand (no layout
 * shift).
 */
export function PageSkeleton({ className, blocks }: { className: string; blocks: readonly [SkeletonBlock, ...SkeletonBlock[]] }) {
  const [first, ...rest] = blocks;
  return (
    <div className={className} aria-busy="true" data-testid="page-skeleton">
      <div className="breadcrumbs" aria-hidden="true" />
      <SkeletonFrame loading text={ko.clanPlayer.common.loading}>
        <div className={`skeleton-card page-skeleton page-skeleton--${first}`} aria-hidden="true" />
      </SkeletonFrame>
      {rest.map((block) => <div key={block} className={`skeleton-card page-skeleton page-skeleton--${block}`} aria-hidden="true" />)}
    </div>
  );
}

/** The clan page before its detail: header, last-20 strip and top-5 opponents. */
export function ClanPageSkeleton() {
  return <PageSkeleton className="clan-page" blocks={['clan-header', 'recent-results', 'clan-opponents']} />;
}
