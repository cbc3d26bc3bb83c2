/**
 * Reading a match list item's result in the order docs/product/ratings.md#reading-a-result-from-an-answer gives,
 * whatever spelling the answer uses: explicit result text (English or Korean words), then the win/draw/loss field, then
 * the detail data's blue/red results, then the score pair; draw when nothing decides it. The pages read every list row
 * through it.
 */

/** A match from one side's point of view. */
export type MatchResult = 'win' | 'lose' | 'draw';
type Side = 'blue' | 'red';

/** A match list item as it arrives; every field may be missing or of an unexpected type. */
export interface MatchItemFields {
  /** Explicit result text, English or Korean ('win', 'Defeat', '승리', '무'). */
  result?: unknown;
  /** The upstream's win/draw/loss field: the same words, a W/D/L letter, or `true` for a win. */
  win?: unknown;
  /** The own side: 'blue' | 'red', else the booleans myIsBlue or blue_team. */
  myTeam?: unknown;
  myIsBlue?: unknown;
  blue_team?: unknown;
  detailData?: { matchResultDataInfo?: { blue_result?: unknown; red_result?: unknown } | null } | null;
  /** The score pair [blue, red]; also read from match.scores. */
  scores?: unknown;
  match?: { scores?: unknown } | null;
}

// Words the upstream uses for a result. Matched whole (after trim, case-insensitive): '무승부' contains '승'.
const RESULT_WORDS: Readonly<Record<string, MatchResult>> = {
  win: 'win',
  victory: 'win',
  승: 'win',
  승리: 'win',
  lose: 'lose',
  loss: 'lose',
  defeat: 'lose',
  패: 'lose',
  패배: 'lose',
  draw: 'draw',
  무: 'draw',
  무승부: 'draw',
};

const RESULT_LETTERS: Readonly<Record<string, MatchResult>> = { w: 'win', l: 'lose', d: 'draw' };

const OPPOSITE: Readonly<Record<MatchResult, MatchResult>> = { win: 'lose', lose: 'win', draw: 'draw' };

/** Reads a result word (English or Korean, whole word, any case); null when the text is not one. */
export function parseResultText(text: unknown): MatchResult | null {
  if (typeof text !== 'string') return null;
  return RESULT_WORDS[text.trim().toLowerCase()] ?? null;
}

/**
 * Reads a score by stripping every non-digit ('13점' is 13: docs/product/ratings.md#score-parsing); null when no digit
 * is left.
 */
export function parseScore(text: unknown): number | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const digits = String(text).replace(/\D/g, '');
  return digits === '' ? null : Number(digits);
}

/**
 * Derives win/lose/draw for the own side in the order of docs/product/ratings.md#reading-a-result-from-an-answer:
 * explicit result text, the win/draw/loss field, the detail data's blue/red results, then the score pair; draw when
 * nothing decides it.
 */
export function deriveMatchResult(item: MatchItemFields): MatchResult {
  return (
    parseResultText(item.result) ??
    parseWinField(item.win) ??
    resultFromDetail(item) ??
    resultFromScores(item) ??
    'draw'
  );
}

function parseWinField(value: unknown): MatchResult | null {
  // `false` is left undecided: a flag that is not a win may still be a draw.
  if (value === true) return 'win';
  if (typeof value !== 'string') return null;
  return parseResultText(value) ?? RESULT_LETTERS[value.trim().toLowerCase()] ?? null;
}

function ownSide(item: MatchItemFields): Side | null {
  const team = typeof item.myTeam === 'string' ? item.myTeam.trim().toLowerCase() : undefined;
  if (team === 'blue' || team === 'red') return team;
  const isBlue = typeof item.myIsBlue === 'boolean' ? item.myIsBlue : item.blue_team;
  if (typeof isBlue !== 'boolean') return null;
  return isBlue ? 'blue' : 'red';
}

function resultFromDetail(item: MatchItemFields): MatchResult | null {
  const info = item.detailData?.matchResultDataInfo;
  const side = ownSide(item);
  if (!info || !side) return null;
  const blue = parseResultText(info.blue_result);
  const red = parseResultText(info.red_result);
  const own = side === 'blue' ? blue : red;
  const other = side === 'blue' ? red : blue;
  return own ?? (other ? OPPOSITE[other] : null);
}

function resultFromScores(item: MatchItemFields): MatchResult | null {
  const pair = item.scores ?? item.match?.scores;
  const side = ownSide(item);
  if (!Array.isArray(pair) || !side) return null;
  const blue = parseScore(pair[0]);
  const red = parseScore(pair[1]);
  if (blue === null || red === null) return null;
  const [own, other] = side === 'blue' ? [blue, red] : [red, blue];
  if (own === other) return 'draw';
  return own > other ? 'win' : 'lose';
}
