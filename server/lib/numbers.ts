/** Rounding of the figures the statistics calls send (pages show percentages with one decimal). */

function roundTo(value: number | null, decimals: number): number | null {
  if (value === null) return null;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** A percentage or ratio with one decimal; null stays null ('-'). */
export const oneDecimal = (value: number | null): number | null => roundTo(value, 1);

/** Averages such as kills per match, with two decimals; null stays null. */
export const twoDecimals = (value: number | null): number | null => roundTo(value, 2);
