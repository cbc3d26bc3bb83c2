import { createHash } from 'node:crypto';

/**
 * Identities for upstream data, which names clans only by name and players by ouid or user name, while the
 * contract wants clan slugs and enlistment-number-like player ids. README.md documents the rules and their limits.
 */

const SLUG_MAX_LENGTH = 63;
/** Player ids are 18 digits, first digit 1-9: inside the contract's 5-20 and below 2^63 for any integer column. */
const PLAYER_ID_FLOOR = 10n ** 17n;
const PLAYER_ID_SPAN = 9n * 10n ** 17n;

function sha1Hex(text: string): string {
  return createHash('sha1').update(text.normalize('NFC'), 'utf8').digest('hex');
}

/** A clan's slug: its name as an ASCII slug ('Royal Raven' -> 'royal-raven'), else 'c-' + 10 hex of sha1(name). */
export function clanSlugOf(clanName: string): string {
  const name = clanName.trim();
  if (/^[\x20-\x7e]+$/.test(name)) {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, SLUG_MAX_LENGTH).replace(/^-+|-+$/g, '');
    if (slug !== '') return slug;
  }
  return `c-${sha1Hex(name).slice(0, 10)}`;
}

/** 18 decimal digits from a hash of `text`, so the same text always gives the same id. */
function hashedDigits(text: string): string {
  const value = BigInt(`0x${sha1Hex(text).slice(0, 16)}`);
  return String(PLAYER_ID_FLOOR + (value % PLAYER_ID_SPAN));
}

/** A player's id from the upstream's permanent account id (ouid): survives renames. */
export function playerIdFromOuid(ouid: string): string {
  return hashedDigits(`ouid:${ouid}`);
}

/** A player's id from the user name, for players whose ouid is not known: changes when the player renames. */
export function playerIdFromName(userName: string): string {
  return hashedDigits(`name:${userName}`);
}
