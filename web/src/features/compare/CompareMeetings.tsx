import { Link } from 'react-router-dom';
import type { CompareData, Meeting, MeetingRecord } from '@shared/contracts/comparison';
import { ko } from '../../i18n/ko';
import { generalRateColour } from '../../lib/colour-bands';
import { playerPath } from '../../lib/league-links';
import { ClanLogo, ResultChip, TimeAgo, Tone, formatPercent } from '../../ui/stats';

const t = ko.reader.compare;

function RecordCard({ title, record }: { title: string; record: MeetingRecord }) {
  return (
    <div className="compare-record" data-testid="meeting-record">
      <span className="compare-record__title">{title}</span>
      <strong>{t.recordLine(record.win, record.lose, record.draw)}</strong>
      <Tone colour={record.win_rate === null ? 'neutral' : generalRateColour(record.win_rate)}>{formatPercent(record.win_rate)}</Tone>
    </div>
  );
}

function Line({ line, nickname }: { line: Meeting['a']; nickname: string }) {
  return (
    <span className="compare-meeting__line">
      <ClanLogo slug={line.clan.slug} markBg={line.clan.mark_bg} markFront={line.clan.mark_front} size={18} />
      <span className="compare-meeting__who">{nickname}</span>
      <span className="muted">{line.kill}/{line.death}/{line.assist}</span>
      {line.dropout && <span className="stat-badge compare-meeting__dropout">{ko.clanPlayer.match.dropout}</span>}
    </span>
  );
}

/**
 * The matches both played in the league: their record on one team and against each other (from the first
 * player's side), then the newest of them, each opening on the first player's page with its detail.
 */
export function CompareMeetings({ data }: { data: CompareData }) {
  const { a, b, league } = data;
  if (data.meetingsTotal === 0) return <p className="clan-panel__empty muted">{t.noMeetings}</p>;
  return (
    <div className="compare-meetings">
      <div className="compare-records">
        <RecordCard title={t.togetherRecord} record={data.together} />
        <RecordCard title={t.againstRecord(a.nickname)} record={data.against} />
      </div>
      <ul className="compare-meeting-list" data-testid="meeting-list">
        {data.meetings.map((meeting) => (
          <li key={meeting.matchId} className="compare-meeting" data-relation={meeting.relation}>
            <div className="compare-meeting__top">
              <span className={`compare-meeting__relation compare-meeting__relation--${meeting.relation}`}>{t[meeting.relation]}</span>
              {meeting.result ? <ResultChip result={meeting.result} /> : <span className="muted">{ko.clanPlayer.match.recording}</span>}
              <span>{meeting.map ?? ko.clanPlayer.match.defaultMap}</span>
              <span className="muted"><TimeAgo at={meeting.startAt} /></span>
              <Link className="compare-meeting__open" to={playerPath(a.playerId, league.slug, { match: meeting.matchId })}>{t.openMatch}</Link>
            </div>
            <div className="compare-meeting__lines">
              <Line line={meeting.a} nickname={a.nickname} />
              <Line line={meeting.b} nickname={b.nickname} />
            </div>
          </li>
        ))}
      </ul>
      {data.meetingsTotal > data.meetings.length && (
        <p className="muted compare-meetings__more">{t.meetingsShown(data.meetings.length, data.meetingsTotal)}</p>
      )}
    </div>
  );
}
