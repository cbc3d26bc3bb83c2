import type { MixedClan, MixedPlayer } from '@shared/contracts/search';
import { ko } from '../../i18n/ko';
import { ClanLogo, leagueLabel } from '../../ui/stats';

/** What a clan result shows (logo, name, league), in a result link or a suggestion option alike. */
export function ClanEntry({ clan, logoSize }: { clan: MixedClan; logoSize: number }) {
  return (
    <>
      <ClanLogo slug={clan.clanSlug} markBg={clan.mark_bg} markFront={clan.mark_front} size={logoSize} />
      <span className="mixed-results__name">{clan.clanName}</span>
      <span className="muted mixed-results__meta">{leagueLabel(clan.leagueName)}</span>
    </>
  );
}

/** What a player result shows (clan logo, nickname, clan, the league its link opens, and enlistment number). */
export function PlayerEntry({ player, logoSize }: { player: MixedPlayer; logoSize: number }) {
  const clan = player.clanName ?? ko.stats.common.unaffiliated;
  return (
    <>
      <ClanLogo slug={player.clanSlug} markBg={player.mark_bg} markFront={player.mark_front} size={logoSize} />
      <span className="mixed-results__name">{player.nickname}</span>
      <span className="muted mixed-results__meta">{ko.stats.search.playerMeta(clan, leagueLabel(player.leagueName), player.playerId)}</span>
    </>
  );
}
