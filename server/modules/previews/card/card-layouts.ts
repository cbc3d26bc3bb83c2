import { formatKoreanDateTime } from '../../../lib/korean-time.js';
import { previewTexts as t } from '../../../lib/messages.js';
import type { ClanMark, ClanPreview, EntityPreview, MatchPreview, MatchSide, PlayerPreview, PostPreview, RecordFigures } from '../preview-model.js';
import {
  brand, CONTENT_WIDTH, write, frame, MARGIN, mark, pill, recordBar, statRow, THEME, type CardKit, type Stat,
} from './card-parts.js';
import { formatCount, formatPercent } from '../figure-format.js';
import { matchOutcome } from '../preview-text.js';
import { CARD_HEIGHT, CARD_WIDTH } from './card-renderer.js';
import { svgDocument } from './svg.js';
import { cutToWidth, fitLine, wrapLines } from './text-fit.js';

const card = (kit: CardKit, parts: string[]) => svgDocument(CARD_WIDTH, CARD_HEIGHT, [frame(), brand(kit), ...parts]);

/** Where the header text starts, right of the mark. */
const HEADER_X = MARGIN + 272;
const HEADER_WIDTH = CARD_WIDTH - MARGIN - HEADER_X;

/** The rank as the page's badge says it ('3위 / 40'), or that there is none. */
const rankText = (figures: RecordFigures) => (figures.rank === null ? t.noRank : t.rankOfTotal(figures.rank, figures.rankTotal));

/** A clan or player card: mark, name, lines under it, the figures in boxes and the record as a bar. */
function headerCard(kit: CardKit, parts: {
  pill: string; mark: ClanMark; name: string; lines: { text: string; accent?: boolean }[]; stats: Stat[]; figures: RecordFigures;
}): string {
  const name = fitLine(kit.fonts.bold, parts.name, { size: 76, minSize: 44, maxWidth: HEADER_WIDTH });
  const lines = parts.lines.map((line, index) => write(kit, cutToWidth(kit.fonts.regular, line.text, 32, HEADER_WIDTH), {
    x: HEADER_X, y: 290 + index * 48, size: 32, fill: line.accent ? THEME.accent : THEME.muted,
  }));
  return card(kit, [
    pill(kit, parts.pill),
    mark(kit, parts.mark, MARGIN, 136, 224),
    write(kit, name.text, { x: HEADER_X, y: 226, size: name.size, bold: true, fill: THEME.text }),
    ...lines,
    statRow(kit, parts.stats, 400),
    recordBar(parts.figures, 566),
  ]);
}

const recordStats = (figures: RecordFigures): Stat[] => [
  { label: t.rating, value: formatCount(figures.rating) },
  { label: t.record, value: t.recordLine(figures.win, figures.lose, figures.draw), weight: 1.7 },
  { label: t.winRate, value: formatPercent(figures.winRate) },
];

export function clanCard(kit: CardKit, clan: ClanPreview): string {
  return headerCard(kit, {
    pill: clan.league.label,
    mark: clan.mark,
    name: clan.name,
    lines: [
      { text: `${t.rank} ${rankText(clan.figures)}` },
      ...(clan.playsNowIn ? [{ text: t.playsNowIn(clan.playsNowIn.label), accent: true }] : []),
    ],
    stats: recordStats(clan.figures),
    figures: clan.figures,
  });
}

export function playerCard(kit: CardKit, player: PlayerPreview): string {
  return headerCard(kit, {
    pill: player.league.label,
    mark: player.clan?.mark ?? { bg: null, front: null },
    name: player.nickname,
    lines: [{ text: player.clan?.name ?? t.unaffiliated }, { text: `${t.rank} ${rankText(player.figures)}` }],
    stats: [...recordStats(player.figures), { label: t.kd, value: formatPercent(player.kdRate), weight: 0.9 }],
    figures: player.figures,
  });
}

/** One team of a match card: its mark and name (on two lines when it is long), centred on `centre`. */
function matchSide(kit: CardKit, side: MatchSide, centre: number, won: boolean): string {
  const fill = won ? THEME.text : THEME.muted;
  const single = fitLine(kit.fonts.bold, side.name, { size: 44, minSize: 36, maxWidth: 400 });
  const lines = single.text === side.name
    ? [single]
    : wrapLines(kit.fonts.bold, side.name, { size: 34, maxWidth: 400, maxLines: 2 }).map((text) => ({ text, size: 34 }));
  return mark(kit, side.mark, centre - 100, 130, 200)
    + lines.map((line, index) => write(kit, line.text, { x: centre, y: 400 + index * 46, size: line.size, fill, bold: true, anchor: 'middle' })).join('');
}

export function matchCard(kit: CardKit, match: MatchPreview): string {
  const score = match.blue.score === null || match.red.score === null ? '- : -' : t.matchScore(match.blue.score, match.red.score);
  const outcome = matchOutcome(match);
  const footer = [match.map ?? t.defaultMap, formatKoreanDateTime(match.startAt)].join(t.separator);
  return card(kit, [
    pill(kit, match.league.label),
    matchSide(kit, match.blue, 300, match.winner === 'blue' || match.winner === 'draw'),
    matchSide(kit, match.red, CARD_WIDTH - 300, match.winner === 'red' || match.winner === 'draw'),
    write(kit, score, { x: CARD_WIDTH / 2, y: 270, size: 88, bold: true, fill: THEME.text, anchor: 'middle' }),
    write(kit, cutToWidth(kit.fonts.bold, outcome, 30, 300), { x: CARD_WIDTH / 2, y: 330, size: 30, bold: true, fill: THEME.accent, anchor: 'middle' }),
    write(kit, cutToWidth(kit.fonts.regular, footer, 32, CONTENT_WIDTH), { x: CARD_WIDTH / 2, y: 520, size: 32, fill: THEME.muted, anchor: 'middle' }),
  ]);
}

export function postCard(kit: CardKit, post: PostPreview): string {
  const title = wrapLines(kit.fonts.bold, post.title, { size: 60, maxWidth: CONTENT_WIDTH, maxLines: 3 });
  const excerptTop = 210 + title.length * 80;
  const excerpt = wrapLines(kit.fonts.regular, post.excerpt, { size: 32, maxWidth: CONTENT_WIDTH, maxLines: title.length > 2 ? 1 : 2 });
  const footer = [t.postBy(post.author), formatKoreanDateTime(post.createdAt)].join(t.separator);
  return card(kit, [
    pill(kit, post.board.name),
    ...title.map((line, index) => write(kit, line, { x: MARGIN, y: 210 + index * 80, size: 60, bold: true, fill: THEME.text })),
    ...excerpt.map((line, index) => write(kit, line, { x: MARGIN, y: excerptTop + index * 48, size: 32, fill: THEME.muted })),
    write(kit, cutToWidth(kit.fonts.regular, footer, 28, CONTENT_WIDTH), { x: MARGIN, y: 572, size: 28, fill: THEME.muted }),
  ]);
}

/** The card of every other page: the site's name and what it offers. */
export function siteCard(kit: CardKit): string {
  const line = cutToWidth(kit.fonts.regular, t.siteDescription, 40, CONTENT_WIDTH);
  return card(kit, [
    write(kit, t.siteName, { x: CARD_WIDTH / 2, y: 330, size: 120, bold: true, fill: THEME.text, anchor: 'middle' }),
    write(kit, line, { x: CARD_WIDTH / 2, y: 420, size: 40, fill: THEME.muted, anchor: 'middle' }),
  ]);
}

/** The card of an entity. */
export function entityCard(kit: CardKit, entity: EntityPreview): string {
  switch (entity.kind) {
    case 'clan': return clanCard(kit, entity);
    case 'player': return playerCard(kit, entity);
    case 'match': return matchCard(kit, entity);
    case 'post': return postCard(kit, entity);
  }
}
