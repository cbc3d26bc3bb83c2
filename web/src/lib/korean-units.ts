import { onFirstUse } from './intl-formats.js';

/** Korean number unit for 10^8 (eok). */
export const EOK_SUFFIX = '억';
/** Korean number unit for 10^4 (man). */
export const MAN_SUFFIX = '만';

const EOK = 100_000_000;
const MAN = 10_000;

/** A group of a Korean-unit amount: 1억 is {value: 1, unit: 'eok'}; 'one' is the part below 10,000. */
export interface KoreanUnitPart {
  value: number;
  unit: 'eok' | 'man' | 'one';
}

const SUFFIX: Readonly<Record<KoreanUnitPart['unit'], string>> = { eok: EOK_SUFFIX, man: MAN_SUFFIX, one: '' };
const GROUPED = onFirstUse(() => new Intl.NumberFormat('en-US'));

/** Splits a whole SP amount into 억, 만 and the rest, leaving out empty groups; 0 gives no parts. */
export function koreanUnitParts(amount: number): KoreanUnitPart[] {
  const whole = Math.floor(amount);
  const parts: KoreanUnitPart[] = [
    { value: Math.floor(whole / EOK), unit: 'eok' },
    { value: Math.floor((whole % EOK) / MAN), unit: 'man' },
    { value: whole % MAN, unit: 'one' },
  ];
  return parts.filter((part) => part.value > 0);
}

/** An SP amount in Korean units as the trade pages print it: 120000000 is '1억 2,000만', 0 is '0'. */
export function formatKoreanUnits(amount: number): string {
  const parts = koreanUnitParts(amount);
  if (parts.length === 0) return '0';
  return parts.map((part) => `${GROUPED().format(part.value)}${SUFFIX[part.unit]}`).join(' ');
}
