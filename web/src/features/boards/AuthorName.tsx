import { communityKo } from '../../i18n/community';

/**
 * An author's name; the administrator's fixed official name is styled apart (docs/product/boards.md#author-names) and
 * links nowhere.
 */
export function AuthorName({ nickname, isOfficial }: { nickname: string; isOfficial: boolean }) {
  if (!isOfficial) return <span className="author-name">{nickname}</span>;
  return (
    <span className="author-name author-name--official" data-testid="official-author">
      {nickname}
      <span className="author-name__badge">{communityKo.post.officialBadge}</span>
    </span>
  );
}
