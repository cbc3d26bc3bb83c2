import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';
import { averageKillsColour, generalRateColour, playerKdColour } from '../../lib/colour-bands';
import {
  SkeletonRows, SortHeader, StatusMessage, TableScroll, TimeAgo, Tone, formatNumber, formatPercent, formatRatio, useTableSort,
  type SortColumns,
} from '../../ui/stats';
import type { ClanMember } from './api-types';
import { clanMembersQuery } from './clan-queries';
import { CollapsiblePanel } from './CollapsiblePanel';
import { PlayerNameLink } from './matches/PlayerNameLink';

const t = ko.clanPlayer.clan;
const columns = t.memberColumns;
const NO_MEMBERS: ClanMember[] = [];

/**
 * The reason after '멤버 로드 오류: ': the server's message, else a default, so the line never ends in nothing
 * (and never in the browser's English network error).
 */
function memberErrorReason(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.message) return error.message;
  return t.membersErrorDefault;
}

/** Members are shown 10 at a time (docs/product/clans.md#member-list). */
export const MEMBERS_STEP = 10;

/** Address parameter of the member list's sort. */
const SORT_PARAM = 'memberSort';

const COLUMNS: SortColumns<ClanMember> = {
  player: { value: (row) => row.nickname, firstDirection: 'asc' },
  rating: { value: (row) => row.rating, firstDirection: 'desc' },
  matches: { value: (row) => row.matches, firstDirection: 'desc' },
  record: { value: (row) => row.win, firstDirection: 'desc' },
  winRate: { value: (row) => row.winRate, firstDirection: 'desc' },
  kd: { value: (row) => row.kd, firstDirection: 'desc' },
  avgKills: { value: (row) => row.killPerMatch, firstDirection: 'desc' },
  mvp: { value: (row) => row.mvpCount, firstDirection: 'desc' },
  lastSeen: { value: (row) => row.lastSeenAt, firstDirection: 'desc' },
};
/** The served order (by rating: docs/product/clans.md#member-list). */
const BY_RATING = { column: 'rating', direction: 'desc' } as const;

/**
 * The collapsible member list (docs/product/clans.md#member-list): 10 members, 10 more per click, a control to fold
 * back to 10; sortable by each column. The figures are the members' in the page's league, and each name links to the
 * player's page of that league; one without a clan gives the no-record alert.
 */
export function MemberList({ league, slug, isMobile }: { league: string; slug: string; isMobile: boolean }) {
  const members = useQuery(clanMembersQuery(league, slug));
  const [shown, setShown] = useState(MEMBERS_STEP);
  const table = useTableSort(SORT_PARAM, members.data?.data ?? NO_MEMBERS, COLUMNS, BY_RATING);
  const rows = table.rows;
  const columnCount = isMobile ? 4 : 9;

  let body;
  if (members.isError) {
    body = <StatusMessage kind="error">{t.membersError(memberErrorReason(members.error))}</StatusMessage>;
  } else if (members.isSuccess && rows.length === 0) {
    body = <StatusMessage kind="empty">{t.membersEmpty}</StatusMessage>;
  } else {
    body = (
      <>
        <TableScroll>
          <table className="stats-table" data-testid="member-table" aria-busy={members.isPending}>
            <thead>
              <tr>
                <SortHeader table={table} column="player" className="cell-start">{columns.player}</SortHeader>
                <SortHeader table={table} column="rating">{columns.rating}</SortHeader>
                {!isMobile && <SortHeader table={table} column="matches">{columns.matches}</SortHeader>}
                {!isMobile && <SortHeader table={table} column="record">{columns.record}</SortHeader>}
                <SortHeader table={table} column="winRate">{columns.winRate}</SortHeader>
                <SortHeader table={table} column="kd">{columns.kd}</SortHeader>
                {!isMobile && <SortHeader table={table} column="avgKills">{columns.avgKills}</SortHeader>}
                {!isMobile && <SortHeader table={table} column="mvp">{columns.mvp}</SortHeader>}
                {!isMobile && <SortHeader table={table} column="lastSeen">{columns.lastSeen}</SortHeader>}
              </tr>
            </thead>
            <tbody>
              {members.isPending ? <SkeletonRows rows={MEMBERS_STEP} columns={columnCount} /> : rows.slice(0, shown).map((member) => (
                <tr key={member.playerId} data-testid="member-row">
                  <th scope="row" className="cell-start">
                    <PlayerNameLink playerId={member.playerId} nickname={member.nickname} clanSlug={member.clanSlug} league={league} />
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
        </TableScroll>
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
