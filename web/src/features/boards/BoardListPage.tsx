import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { communityKo } from '../../i18n/community';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import { STATS_MOBILE_QUERY, StatusMessage } from '../../ui/stats';
import { NotFoundPage } from '../error/ErrorPage';
import { boardApi, boardKeys } from './board-api';
import { boardName, boardUrl, hasWriteLink, type BoardCategory, type BoardSite } from './board-categories';
import { Pager } from './Pager';
import { PostCards, PostTable } from './PostList';
import { useBoardRoute } from './use-board-route';
import { useViewer } from './use-viewer';
import './boards.css';

const t = communityKo.list;

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A board list: a table, or cards under 768 px; paging in the address; empty, loading and error states. */
function BoardList({ board, site }: { board: BoardCategory; site: BoardSite }) {
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const isPhone = useMediaQuery(STATS_MOBILE_QUERY);
  const viewer = useViewer();
  const readOnly = site === '/board';
  const title = boardName(board);
  useDocumentTitle(title);
  const list = useQuery({
    queryKey: boardKeys.list(board, page),
    queryFn: ({ signal }) => boardApi.list(board, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const showAdminColumn = board === 'notice' && viewer.isAdmin && !readOnly;
  const posts = list.data?.items ?? [];

  return (
    <section className="board-page" data-testid="board-page">
      <header className="board-page__header">
        <h1>{title}</h1>
        {!readOnly && hasWriteLink(board) && (
          <Link className="button button--primary" to={`${boardUrl(site, board)}/write`}>{t.write}</Link>
        )}
        {!readOnly && board === 'notice' && viewer.isAdmin && (
          <Link className="button button--primary" to="/admin/notice">{t.writeNotice}</Link>
        )}
        {readOnly && <Link className="button" to={boardUrl('/sal-board', board)}>{t.openInCommunity}</Link>}
      </header>
      {board === 'hot' && <p className="muted">{t.hotRule}</p>}
      {readOnly && <p className="muted">{t.readOnlyNote}</p>}
      {list.isPending && <StatusMessage kind="loading">{t.loading}</StatusMessage>}
      {list.isError && (
        <StatusMessage kind="error">
          {t.loadFailed} <button type="button" className="button button--ghost" onClick={() => list.refetch()}>{t.retry}</button>
        </StatusMessage>
      )}
      {list.isSuccess && posts.length === 0 && <StatusMessage kind="empty">{t.empty}</StatusMessage>}
      {posts.length > 0 && (isPhone
        ? <PostCards board={board} site={site} posts={posts} showAdminColumn={showAdminColumn} />
        : <PostTable board={board} site={site} posts={posts} showAdminColumn={showAdminColumn} />)}
      {list.data && <Pager page={page} totalPages={list.data.totalPages} />}
    </section>
  );
}

/** /sal-board/{category}: the community board. */
export function BoardListPage() {
  const { board } = useBoardRoute();
  if (!board) return <NotFoundPage />;
  return <BoardList key={board} board={board} site="/sal-board" />;
}

/** /board/{category}: the read-only copy on the statistics side. */
export function ReadOnlyBoardListPage() {
  const { board } = useBoardRoute();
  if (!board) return <NotFoundPage />;
  return <BoardList key={board} board={board} site="/board" />;
}
