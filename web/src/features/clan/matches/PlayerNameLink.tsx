import { Link } from 'react-router-dom';
import { ko } from '../../../i18n/ko';
import { playerPath } from '../../../lib/league-links';

const t = ko.clanPlayer.common;

/** The no-record alert (docs/product/clans.md#no-record-alert) for a player who is not in a SAL clan. */
export function alertNotInSal(): void {
  window.alert(t.notInSal);
}

/**
 * A player's name: a link to /sal/player/{id}?league={league} when the player is in a SAL clan (the league of
 * the figures beside the name, so the page shows them), otherwise a button that explains with the no-record
 * alert that such a player has no record.
 */
export function PlayerNameLink({ playerId, nickname, clanSlug, league, className }: {
  playerId: string | null;
  nickname: string;
  clanSlug: string | null | undefined;
  /** The league whose figures the row shows. */
  league: string;
  className?: string;
}) {
  if (!playerId || !clanSlug) {
    return (
      <button type="button" className={`link-button ${className ?? ''}`} onClick={alertNotInSal}>
        {nickname}
      </button>
    );
  }
  return <Link className={className} to={playerPath(playerId, league)}>{nickname}</Link>;
}
