import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { communityKo } from '../../i18n/community';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { StatusMessage, TimeAgo } from '../../ui/stats';
import { NotFoundPage } from '../error/ErrorPage';
import { AuthorName } from './AuthorName';
import { boardApi, boardKeys, type BoardPostDetail } from './board-api';
import { boardName, boardUrl, type BoardCategory, type BoardSite } from './board-categories';
import { CommentSection } from './CommentSection';
import { LikeButton, PostControls } from './PostActions';
import { NoticeBadge, titleText } from './PostTags';
import { useBoardRoute } from './use-board-route';
import '../notices/notices.css';
import './boards.css';

const t = communityKo.post;

/** The body: notices as their server-rendered markdown (no raw HTML gets through), other posts as plain text. */
function PostBody({ post }: { post: BoardPostDetail }) {
  if (post.contentHtml !== null) {
    return <div className="post-body post-body--markdown" data-testid="post-body" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />;
  }
  return <div className="post-body post-body--plain" data-testid="post-body">{post.content}</div>;
}

/** A post, its like button, controls and comments. Calls use the post's own board (the hot list links anywhere). */
function PostDetail({ board, id, site }: { board: BoardCategory; id: string; site: BoardSite }) {
  const queryClient = useQueryClient();
  const readOnly = site === '/board';
  const key = boardKeys.post(board, id);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => boardApi.read(board, id, signal), retry: false });
  const post = query.data;
  useDocumentTitle(post ? titleText(post.title) : boardName(board));

  const showPost = (next: BoardPostDetail) => queryClient.setQueryData(key, next);
  const back = <Link className="button" to={boardUrl(site, board)}>{t.backToList}</Link>;

  if (query.isPending) return <StatusMessage kind="loading">{t.loading}</StatusMessage>;
  if (query.isError || !post) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <section className="post-page">
        <StatusMessage kind="error">{missing ? t.notFound : t.loadFailed}</StatusMessage>
        {back}
      </section>
    );
  }
  return (
    <article className="post-page" data-testid="post-page">
      <p className="post-page__board"><Link to={boardUrl(site, board)}>{boardName(board)}</Link></p>
      <h1 className="post-page__title">{titleText(post.title)} <NoticeBadge badge={post.badge} /></h1>
      <div className="post-page__meta">
        <AuthorName nickname={post.nickname} isOfficial={post.isOfficial} />
        <span>{t.postedAt} <TimeAgo at={post.createdAt} /></span>
        <span>{t.views(post.views)}</span>
        <span>{communityKo.list.commentCountLabel(post.commentCount)}</span>
      </div>
      <PostBody post={post} />
      <div className="post-page__actions">
        {readOnly ? <span className="like-count">{t.likeCount(post.likes)}</span>
          : <LikeButton board={post.category} post={post} onLikes={(likes) => showPost({ ...post, likes })} />}
        {!readOnly && <PostControls board={post.category} post={post} />}
        {back}
      </div>
      <CommentSection board={post.category} post={post} readOnly={readOnly} onPostChange={showPost} />
    </article>
  );
}

/** /sal-board/{category}/{id}. */
export function PostDetailPage() {
  const { board, id } = useBoardRoute();
  if (!board || !id) return <NotFoundPage />;
  return <PostDetail key={`${board}/${id}`} board={board} id={id} site="/sal-board" />;
}

/** /board/{category}/{id}: read only (no like, comment or edit controls). */
export function ReadOnlyPostDetailPage() {
  const { board, id } = useBoardRoute();
  if (!board || !id) return <NotFoundPage />;
  return <PostDetail key={`${board}/${id}`} board={board} id={id} site="/board" />;
}
