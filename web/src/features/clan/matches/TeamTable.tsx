import { Link } from 'react-router-dom';
import { ko } from '../../../i18n/ko';
import { killShareColour } from '../../../lib/colour-bands';
import { clanPath } from '../../../lib/league-links';
import { ClanLogo, MvpBadge, Tone, formatNumber, formatPercent } from '../../../ui/stats';
import { CrosshairIcon } from '../clan-icons';
import type { MatchPlayerView, MatchTeamView } from './match-view';
import { PlayerNameLink } from './PlayerNameLink';

const t = ko.clanPlayer.match;

interface TeamTableProps {
  team: MatchTeamView;
  /** The match's league: clan and player links carry it. */
  league: string;
  /** Largest damage in the match: the damage bars are drawn against it. */
  maxDamage: number;
  /** Headshots are a desktop column (docs/product/clans.md#team-tables). */
  showHeadshots: boolean;
  /** Player ids or nicknames to emphasise (the page's player, the ?highlight= nickname). */
  isHighlighted: (player: MatchPlayerView) => boolean;
}

/** One side of an expanded match: clan, result watermark and a row per player. */
export function TeamTable({ team, league, maxDamage, showHeadshots, isHighlighted }: TeamTableProps) {
  const teamName = team.side === 'blue' ? t.blueTeam : t.redTeam;
  const watermark = team.result ? t.watermark[team.result] : null;
  return (
    <div className={`team-table team-table--${team.side}`} data-testid={`team-${team.side}`}>
      {watermark && <span className={`team-table__watermark team-table__watermark--${team.result}`} aria-hidden="true">{watermark}</span>}
      <table className="stats-table">
        <caption>
          <span className="team-table__caption">
            <span className="team-table__side">{teamName}</span>
            <ClanLogo slug={team.clan.slug} markBg={team.clan.markBg} markFront={team.clan.markFront} size={22} />
            {team.clan.slug
              ? <Link to={clanPath(league, team.clan.slug)}>{team.clan.name}</Link>
              : <span>{team.clan.name}</span>}
            {team.score !== null && <strong className="team-table__score">{team.score}</strong>}
            {team.result && <span className={`team-table__result team-table__result--${team.result}`}>{ko.stats.results[`${team.result}Full`]}</span>}
          </span>
        </caption>
        <thead>
          <tr>
            <th scope="col" className="cell-start col-name">{t.nickname}</th>
            <th scope="col" className="col-kda">{t.kda} <span className="muted">({t.killShare})</span></th>
            {showHeadshots && <th scope="col" className="col-headshot">{t.headshot}</th>}
            <th scope="col" className="cell-start col-damage">{t.damage}</th>
            <th scope="col" className="cell-center col-weapon">{t.weapon}</th>
          </tr>
        </thead>
        <tbody>
          {team.players.map((player) => (
            <tr key={player.playerId ?? player.nickname} className={isHighlighted(player) ? 'row--highlight' : undefined}
              data-testid="match-player-row">
              <th scope="row" className="cell-start team-table__name">
                <PlayerNameLink playerId={player.playerId} nickname={player.nickname} clanSlug={player.clanSlug} league={league} />
                {player.isMvp && <MvpBadge />}
                {player.weapon === 'sniper' && (
                  <span className="sniper-marker" title={t.sniperMarker} aria-label={t.sniperMarker} role="img"><CrosshairIcon width={14} height={14} /></span>
                )}
                {player.dropout && <span className="dropout-tag">{t.dropout}</span>}
              </th>
              <td>
                {player.kill}/{player.death}/{player.assist}{' '}
                <span className="kill-share">
                  (<Tone colour={player.killShare === null ? 'neutral' : killShareColour(player.killShare)}>{formatPercent(player.killShare, 0)}</Tone>)
                </span>
              </td>
              {showHeadshots && (
                <td>{formatNumber(player.headshot)} <span className="muted">({formatPercent(player.headshotPercent, 0)})</span></td>
              )}
              <td className="cell-start"><DamageBar damage={player.damage} max={maxDamage} /></td>
              <td className="cell-center">{player.weapon ? t.weapons[player.weapon] : ko.stats.common.dash}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Damage as a bar against the match's highest damage, with the number; 'unknown' for a corrected 0. */
function DamageBar({ damage, max }: { damage: number | null; max: number }) {
  if (damage === null) return <span className="muted">{ko.clanPlayer.player.damageUnknown}</span>;
  const width = max > 0 ? Math.round((damage / max) * 100) : 0;
  return (
    <span className="damage-bar">
      <span className="damage-bar__track" aria-hidden="true"><span className="damage-bar__fill" style={{ width: `${width}%` }} /></span>
      <span className="damage-bar__value">{formatNumber(damage)}</span>
    </span>
  );
}
