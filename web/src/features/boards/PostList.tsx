import { Link } from 'react-router-dom';
import { communityKo } from '../../i18n/community';
import { TimeAgo } from '../../ui/stats';
import { AuthorName } from './AuthorName';
import type { BoardPostSummary } from './board-api';
import { boardName, postUrl, type BoardCategory, type BoardSite } from './board-categories';
import { CommentCount, NoticeBadge, titleText } from './PostTags';

const t = communityKo.list;

interface PostListProps {
  board: BoardCategory;
  site: BoardSite;
  posts: BoardPostSummary[];
  /** Notices show an admin column with edit links (to admins). */
  showAdminColumn: boolean;
}

/** The title cell: board name on the hot list, the title link, NEW/UPDATE and the comment count. */
function TitleLink({ board, site, post }: Omit<PostListProps, 'posts' | 'showAdminColumn'> & { post: BoardPostSummary }) {
  return (
    <>
      {board === 'hot' && <span className="post-board-name">{t.boardOf(boardName(post.category))}</span>}
      <Link className="post-title-link" to={postUrl(site, post.category, post._id)}>{titleText(post.title)}</Link>
      <NoticeBadge badge={post.badge} />
      <CommentCount count={post.commentCount} />
    </>
  );
}

/** The desktop table: number, title, author, recommendations, views, date (and admin for notices). */
export function PostTable({ board, site, posts, showAdminColumn }: PostListProps) {
  return (
    <table className="post-table" data-testid="post-table">
      <thead>
        <tr>
          <th scope="col" className="post-table__number">{t.number}</th>
          <th scope="col">{t.title}</th>
          <th scope="col" className="post-table__author">{t.author}</th>
          <th scope="col" className="post-table__count">{t.likes}</th>
          <th scope="col" className="post-table__count">{t.views}</th>
          <th scope="col" className="post-table__date">{t.date}</th>
          {showAdminColumn && <th scope="col" className="post-table__admin">{t.admin}</th>}
        </tr>
      </thead>
      <tbody>
        {posts.map((post) => (
          <tr key={post._id}>
            <td className="post-table__number">{post._id}</td>
            <td className="post-table__title"><TitleLink board={board} site={site} post={post} /></td>
            <td className="post-table__author"><AuthorName nickname={post.nickname} isOfficial={post.isOfficial} /></td>
            <td className="post-table__count">{post.likes}</td>
            <td className="post-table__count">{post.views}</td>
            <td className="post-table__date"><TimeAgo at={post.createdAt} /></td>
            {showAdminColumn && (
              <td className="post-table__admin">
                <Link to={`/sal-board/notice/${post._id}/edit`}>{t.edit}</Link>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The phone list (under 768 px): one card per post. */
export function PostCards({ board, site, posts, showAdminColumn }: PostListProps) {
  return (
    <ul className="post-cards" data-testid="post-cards">
      {posts.map((post) => (
        <li key={post._id} className="post-card">
          <div className="post-card__title"><TitleLink board={board} site={site} post={post} /></div>
          <div className="post-card__meta">
            <AuthorName nickname={post.nickname} isOfficial={post.isOfficial} />
            <TimeAgo at={post.createdAt} />
            <span>{t.likesCount(post.likes)}</span>
            <span>{t.viewsCount(post.views)}</span>
            {showAdminColumn && <Link to={`/sal-board/notice/${post._id}/edit`}>{t.edit}</Link>}
          </div>
        </li>
      ))}
    </ul>
  );
}
