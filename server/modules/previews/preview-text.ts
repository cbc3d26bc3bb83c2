import { formatKoreanDateTime } from '../../lib/korean-time.js';
import { previewTexts as t } from '../../lib/messages.js';
import { formatCount, formatPercent } from './figure-format.js';
import type { ClanPreview, EntityPreview, MatchPreview, PlayerPreview, PostPreview, RecordFigures } from './preview-model.js';

/** The words of a preview: the card's title and description, and what the image shows for readers without it. */
export interface PreviewText {
  title: string;
  description: string;
  imageAlt: string;
  /** Open Graph type: profiles for clans and players, articles for posts and matches. */
  type: 'profile' | 'article';
}

const join = (parts: (string | null)[]) => parts.filter((part): part is string => part !== null && part !== '').join(t.separator);

/** Rating, record, win rate and rank as the page's header shows them, or that there is no match yet. */
function figuresLine(figures: RecordFigures): string {
  if (figures.matches === 0) return join([`${t.rating} ${formatCount(figures.rating)}`, t.noMatches]);
  return join([
    `${t.rating} ${formatCount(figures.rating)}`,
    `${t.record} ${t.recordLine(figures.win, figures.lose, figures.draw)}`,
    `${t.winRate} ${formatPercent(figures.winRate)}`,
    `${t.rank} ${figures.rank === null ? t.noRank : t.rankOfTotal(figures.rank, figures.rankTotal)}`,
  ]);
}

function clanText(clan: ClanPreview): PreviewText {
  return {
    title: t.clanTitle(clan.name, clan.league.label),
    description: join([clan.league.label, figuresLine(clan.figures), clan.playsNowIn ? t.playsNowIn(clan.playsNowIn.label) : null]),
    imageAlt: join([clan.name, clan.league.label, figuresLine(clan.figures)]),
    type: 'profile',
  };
}

function playerText(player: PlayerPreview): PreviewText {
  const kd = player.figures.matches === 0 ? null : `${t.kd} ${formatPercent(player.kdRate)}`;
  const figures = join([figuresLine(player.figures), kd]);
  return {
    title: t.clanTitle(t.playerTitle(player.nickname, player.clan?.name ?? null), player.league.label),
    description: join([player.league.label, player.clan?.name ?? t.unaffiliated, figures]),
    imageAlt: join([player.nickname, player.league.label, figures]),
    type: 'profile',
  };
}

/** Who won a match ('붉은매 승리'), that it was a draw, or that it is still recording. */
export function matchOutcome(match: MatchPreview): string {
  if (match.recording || match.winner === null) return t.matchRecording;
  return match.winner === 'draw' ? t.matchDraw : t.matchWinner(match[match.winner].name);
}

function matchText(match: MatchPreview): PreviewText {
  const scored = match.blue.score !== null && match.red.score !== null;
  const score = scored ? `${match.blue.name} ${t.matchScore(match.blue.score!, match.red.score!)} ${match.red.name}` : null;
  const description = join([match.league.label, match.map ?? t.defaultMap, formatKoreanDateTime(match.startAt), score, matchOutcome(match)]);
  return { title: t.matchTitle(match.blue.name, match.red.name), description, imageAlt: description, type: 'article' };
}

function postText(post: PostPreview): PreviewText {
  return {
    title: post.title,
    description: post.excerpt === '' ? t.emptyPost : post.excerpt,
    imageAlt: join([post.board.name, post.title, t.postBy(post.author)]),
    type: 'article',
  };
}

/** What the page about an entity is called in its tab ("{name} · SAL 리그"), as the web app names it. */
export function pageNameOf(entity: EntityPreview): string {
  switch (entity.kind) {
    case 'clan': return entity.name;
    case 'player': return entity.nickname;
    case 'match': return previewTextOf(entity).title;
    case 'post': return entity.title;
  }
}

/** The words of an entity's preview. */
export function previewTextOf(entity: EntityPreview): PreviewText {
  switch (entity.kind) {
    case 'clan': return clanText(entity);
    case 'player': return playerText(entity);
    case 'match': return matchText(entity);
    case 'post': return postText(entity);
  }
}
