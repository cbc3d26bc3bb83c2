import { Link } from 'react-router-dom';
import { ko } from '../../../i18n/ko';

const t = ko.clanPlayer.common;

/** The no-record alert (spec §8) for a player who is not in a SAL clan. */
export function alertNotInSal(): void {
  window.alert(t.notInSal);
}

/**
 * A player's name: a link to /sal/player/{id} when the player is in a SAL clan, otherwise a button that explains
 * with the no-record alert that such a player has no record.
 */
export function PlayerNameLink({ playerId, nickname, clanSlug, className }: {
  playerId: string | null;
  nickname: string;
  clanSlug: string | null | undefined;
  className?: string;
}) {
  if (!playerId || !clanSlug) {
    return (
      <button type="button" className={`link-button ${className ?? ''}`} onClick={alertNotInSal}>
        {nickname}
      </button>
    );
  }
  return <Link className={className} to={`/sal/player/${encodeURIComponent(playerId)}`}>{nickname}</Link>;
}
