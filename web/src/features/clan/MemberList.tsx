import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';
import { averageKillsColour, generalRateColour, playerKdColour } from '../../lib/colour-bands';
import { SkeletonRows, StatusMessage, TimeAgo, Tone, formatNumber, formatPercent, formatRatio } from '../../ui/stats';
import { clanMembersQuery } from './clan-queries';
import { CollapsiblePanel } from './CollapsiblePanel';
import { PlayerNameLink } from './matches/PlayerNameLink';

const t = ko.clanPlayer.clan;
const columns = t.memberColumns;

/**
 * The reason after '멤버 로드 오류: ': the server's message, else a default, so the line never ends in nothing
 * (and never in the browser's English network error).
 */
function memberErrorReason(error: Error): string {
  if (error instanceof ApiError && error.status !== 0 && error.message) return error.message;
  return t.membersErrorDefault;
}

/** Spec §9: members are shown 10 at a time. */
export const MEMBERS_STEP = 10;

/**
 * The collapsible member list (spec §2): 10 members, 10 more per click, a control to fold back to 10. Names link
 * to /sal/player/{playerId}; one without a clan gives the no-record alert.
 */
export function MemberList({ league, slug, isMobile }: { league: string; slug: string; isMobile: boolean }) {
  const members = useQuery(clanMembersQuery(league, slug));
  const [shown, setShown] = useState(MEMBERS_STEP);
  const rows = members.data?.data ?? [];
  const columnCount = isMobile ? 4 : 9;

  let body;
  if (members.isError) {
    body = <StatusMessage kind="error">{t.membersError(memberErrorReason(members.error))}</StatusMessage>;
  } else if (members.isSuccess && rows.length === 0) {
    body = <StatusMessage kind="empty">{t.membersEmpty}</StatusMessage>;
  } else {
    body = (
      <>
        <div className="stats-table-wrap">
          <table className="stats-table" data-testid="member-table" aria-busy={members.isPending}>
            <thead>
              <tr>
                <th scope="col" className="cell-start">{columns.player}</th>
                <th scope="col">{columns.rating}</th>
                {!isMobile && <th scope="col">{columns.matches}</th>}
                {!isMobile && <th scope="col">{columns.record}</th>}
                <th scope="col">{columns.winRate}</th>
                <th scope="col">{columns.kd}</th>
                {!isMobile && <th scope="col">{columns.avgKills}</th>}
                {!isMobile && <th scope="col">{columns.mvp}</th>}
                {!isMobile && <th scope="col">{columns.lastSeen}</th>}
              </tr>
            </thead>
            <tbody>
              {members.isPending ? <SkeletonRows rows={MEMBERS_STEP} columns={columnCount} /> : rows.slice(0, shown).map((member) => (
                <tr key={member.playerId} data-testid="member-row">
                  <th scope="row" className="cell-start">
                    <PlayerNameLink playerId={member.playerId} nickname={member.nickname} clanSlug={member.clanSlug} />
                  </th>
                  <td>{formatNumber(member.rating)}</td>
                  {!isMobile && <td>{formatNumber(member.matches)}</td>}
                  {!isMobile && <td>{ko.stats.common.recordWithDraws(member.win, member.lose, member.draw)}</td>}
                  <td><Tone colour={member.winRate === null ? 'neutral' : generalRateColour(member.winRate)}>{formatPercent(member.winRate)}</Tone></td>
                  <td><Tone colour={member.kd === null ? 'neutral' : playerKdColour(member.kd)}>{formatPercent(member.kd)}</Tone></td>
                  {!isMobile && (
                    <td><Tone colour={member.killPerMatch === null ? 'neutral' : averageKillsColour(member.killPerMatch)}>{formatRatio(member.killPerMatch, 1)}</Tone></td>
                  )}
                  {!isMobile && <td>{formatNumber(member.mvpCount)}</td>}
                  {!isMobile && <td><TimeAgo at={member.lastSeenAt} /></td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="clan-panel__actions">
          {shown < rows.length && (
            <button type="button" className="button" onClick={() => setShown(shown + MEMBERS_STEP)}>{t.membersShowMore}</button>
          )}
          {shown > MEMBERS_STEP && (
            <button type="button" className="button button--ghost" onClick={() => setShown(MEMBERS_STEP)}>{t.membersCollapse}</button>
          )}
        </div>
      </>
    );
  }

  const total = members.data?.total;
  return (
    <CollapsiblePanel title={t.membersTitle} storageKey="clan.members" aside={total === undefined ? null : t.membersCount(total)}
      testId="member-list">
      {body}
    </CollapsiblePanel>
  );
}
