import { describe, expect, it } from 'vitest';
import { ClanRecord, PlayerRecord } from '../../../server/contracts/ingest-record.js';
import { Compile } from 'typebox/compile';
import { clanSlugOf, playerIdFromName, playerIdFromOuid } from '../../../server/modules/game-api/upstream-ids.js';

const checkClan = Compile(ClanRecord);
const checkPlayer = Compile(PlayerRecord);
const at = '2025-06-30T10:00:00.000Z';

describe('clanSlugOf', () => {
  it('makes an ASCII slug of an ASCII name', () => {
    expect(clanSlugOf('Royal Raven')).toBe('royal-raven');
    expect(clanSlugOf('  --SAL__Elite 2025!  ')).toBe('sal-elite-2025');
    expect(clanSlugOf('x'.repeat(80))).toHaveLength(63);
  });

  it('hashes other names, and ASCII names without a letter or digit, to c- and 10 hex digits', () => {
    expect(clanSlugOf('하얀저격단')).toMatch(/^c-[0-9a-f]{10}$/);
    expect(clanSlugOf('하얀저격단')).toBe(clanSlugOf(' 하얀저격단 '));
    expect(clanSlugOf('하얀저격단')).not.toBe(clanSlugOf('검은저격단'));
    expect(clanSlugOf('Raven 까마귀')).toMatch(/^c-[0-9a-f]{10}$/);
    expect(clanSlugOf('!!!')).toMatch(/^c-[0-9a-f]{10}$/);
  });

  it('always gives a slug the contract accepts', () => {
    for (const name of ['Royal Raven', '하얀저격단', '!!!', `${'-'.repeat(62)}a`, 'A'.repeat(60)]) {
      expect(checkClan.Check({ type: 'clan', slug: clanSlugOf(name), name: name.slice(0, 60), league: 'sanply', at })).toBe(true);
    }
  });
});

describe('player ids', () => {
  it('are stable 18-digit enlistment-number-like ids the contract accepts', () => {
    const ids = [playerIdFromOuid('ouid-alpha'), playerIdFromName('재원77'), playerIdFromName('a')];
    for (const playerId of ids) {
      expect(playerId).toMatch(/^[1-9][0-9]{17}$/);
      expect(checkPlayer.Check({ type: 'player', playerId, nickname: 'n', clanSlug: null, at })).toBe(true);
    }
    expect(playerIdFromOuid('ouid-alpha')).toBe(ids[0]);
    expect(playerIdFromName('재원77')).toBe(ids[1]);
  });

  it('keep ouid and name ids apart, even for the same text', () => {
    expect(playerIdFromOuid('alpha')).not.toBe(playerIdFromName('alpha'));
  });
});
