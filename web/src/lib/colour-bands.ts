/**
 * Colour rules (docs/product/ratings.md#colour-bands, docs/product/trade.md#trust-colour-bands,
 * docs/product/trade.md#post-status). Each returns a colour token that the stylesheet maps to a theme colour;
 * thresholds differ by page, so each page reading has its own function.
 */
export type ColourToken =
  | 'blue'
  | 'green'
  | 'orange'
  | 'yellow'
  | 'red'
  | 'lightRed'
  | 'white'
  | 'neutral'
  | 'muted'
  | 'gold'
  | 'orangePink'
  | 'purple'
  | 'amberPulse'
  | 'grey';

/**
 * A trade post's status (docs/product/trade.md#post-status): no application yet, at least one application, deal done.
 */
export type TradePostStatus = 'waiting' | 'in_progress' | 'completed' | 'reserved' | 'withdrawn';

const TRADE_STATUS_COLOURS: Readonly<Record<TradePostStatus, ColourToken>> = {
  waiting: 'green',
  in_progress: 'yellow',
  completed: 'grey',
  reserved: 'blue',
  withdrawn: 'grey',
};

/** Clan table win rate: 60+ blue, 55+ orange, under 50 red, else neutral. */
export function clanTableWinRateColour(winRate: number): ColourToken {
  if (winRate >= 60) return 'blue';
  if (winRate >= 55) return 'orange';
  if (winRate < 50) return 'red';
  return 'neutral';
}

/** Player K/D % in tables: 60+ blue, 50+ green, else red. */
export function playerKdColour(kdPercent: number): ColourToken {
  if (kdPercent >= 60) return 'blue';
  if (kdPercent >= 50) return 'green';
  return 'red';
}

/** League list win rate: 60+ blue, 50+ orange, 45+ white, above 0 light red, 0 neutral. */
export function leagueListWinRateColour(winRate: number): ColourToken {
  if (winRate >= 60) return 'blue';
  if (winRate >= 50) return 'orange';
  if (winRate >= 45) return 'white';
  if (winRate > 0) return 'lightRed';
  return 'neutral';
}

/** Standings score: 1100+ green, 1000+ (the starting score) neutral, below the start orange. */
export function standingsScoreColour(score: number): ColourToken {
  if (score >= 1100) return 'green';
  if (score >= 1000) return 'neutral';
  return 'orange';
}

/** Standings win rate: 70+ green, 50+ yellow, else red. */
export function standingsWinRateColour(winRate: number): ColourToken {
  if (winRate >= 70) return 'green';
  if (winRate >= 50) return 'yellow';
  return 'red';
}

/** Ranking table win rate: 60+ blue, else neutral. */
export function rankingWinRateColour(winRate: number): ColourToken {
  return winRate >= 60 ? 'blue' : 'neutral';
}

/** Ranking table K/D %: 60+ blue, 50+ green, else neutral. */
export function rankingKdColour(kdPercent: number): ColourToken {
  if (kdPercent >= 60) return 'blue';
  if (kdPercent >= 50) return 'green';
  return 'neutral';
}

/**
 * General band for win rate and K/D % on player and clan pages: 10 to under 40 red, 40 to under 50 neutral,
 * 50 to 55 green, above 55 to under 60 orange, 60 to 65 blue, above 65 red; under 10 neutral.
 */
export function generalRateColour(percent: number): ColourToken {
  if (percent > 65) return 'red';
  if (percent >= 60) return 'blue';
  if (percent > 55) return 'orange';
  if (percent >= 50) return 'green';
  if (percent >= 40) return 'neutral';
  if (percent >= 10) return 'red';
  return 'neutral';
}

/**
 * Match-summary kill share (10 to 40 red, 50-55 green, 55-60 orange, 60-65 blue, above 65 red): the general band,
 * except that its red reaches exactly 40 ("10 to 40"); the unlisted 40-50 and under 10 stay neutral.
 */
export function killShareColour(killSharePercent: number): ColourToken {
  return killSharePercent === 40 ? 'red' : generalRateColour(killSharePercent);
}

/** Mobile K/D ratio (kills per death): 1.3+ yellow, 1+ green, else neutral. */
export function mobileKdRatioColour(kdRatio: number): ColourToken {
  if (kdRatio >= 1.3) return 'yellow';
  if (kdRatio >= 1) return 'green';
  return 'neutral';
}

/** Average kills per match: 10 or more is highlighted yellow. */
export function averageKillsColour(averageKills: number): ColourToken {
  return averageKills >= 10 ? 'yellow' : 'neutral';
}

/** Rank badge by top percent: up to 1% gold, up to 3% orange-pink, up to 10% purple, else muted. */
export function rankBadgeColour(topPercent: number): ColourToken {
  if (topPercent <= 1) return 'gold';
  if (topPercent <= 3) return 'orangePink';
  if (topPercent <= 10) return 'purple';
  return 'muted';
}

/** Seller trust (completed / total deals, percent): 95+ pulsing amber, 80+ yellow, 60+ blue, else grey. */
export function sellerTrustColour(trustPercent: number): ColourToken {
  if (trustPercent >= 95) return 'amberPulse';
  if (trustPercent >= 80) return 'yellow';
  if (trustPercent >= 60) return 'blue';
  return 'grey';
}

/** Trade post status: waiting green, in progress yellow, completed grey; beyond the spec reserved blue, withdrawn grey. */
export function tradeStatusColour(status: TradePostStatus): ColourToken {
  return TRADE_STATUS_COLOURS[status];
}
