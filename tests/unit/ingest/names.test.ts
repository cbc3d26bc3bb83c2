import { describe, expect, it } from 'vitest';
import { SIMULATED_MAPS, pickMap } from '../../../server/modules/ingest/simulated/game-maps.js';
import { NameFactory, pickLogoLayers } from '../../../server/modules/ingest/simulated/names.js';
import { Random } from '../../../server/modules/ingest/simulated/random.js';

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
const HANGUL = /[\uac00-\ud7a3]/;

describe('NameFactory', () => {
  it('hands out unique nicknames of game length, most of them with Korean in them', () => {
    const names = new NameFactory(new Random('nicknames'));
    const nicknames = Array.from({ length: 20_000 }, () => names.nickname());
    expect(new Set(nicknames).size).toBe(nicknames.length);
    for (const nickname of nicknames) expect(nickname.length).toBeGreaterThan(0);
    expect(Math.max(...nicknames.map((nickname) => nickname.length))).toBeLessThanOrEqual(16);
    expect(nicknames.filter((nickname) => HANGUL.test(nickname)).length / nicknames.length).toBeGreaterThan(0.6);
    expect(nicknames.some((nickname) => /^[A-Za-z]+[\uac00-\ud7a3]+$/.test(nickname))).toBe(true);
    expect(nicknames.some((nickname) => /^[\uac00-\ud7a3]+\d+$/.test(nickname))).toBe(true);
  });

  it('hands out unique clan names with unique slugs of the contract pattern, Korean and English', () => {
    const names = new NameFactory(new Random('clans'));
    const clans = Array.from({ length: 4000 }, () => names.clan());
    expect(new Set(clans.map((clan) => clan.name)).size).toBe(clans.length);
    expect(new Set(clans.map((clan) => clan.slug)).size).toBe(clans.length);
    for (const clan of clans) {
      expect(clan.slug).toMatch(SLUG);
      expect(clan.name.length).toBeLessThanOrEqual(60);
    }
    expect(clans.some((clan) => HANGUL.test(clan.name))).toBe(true);
    expect(clans.some((clan) => /^[A-Za-z ]+$/.test(clan.name))).toBe(true);
  });
});

describe('pickLogoLayers and pickMap', () => {
  it('gives short layer ids and known maps', () => {
    const random = new Random('layers');
    for (let i = 0; i < 200; i += 1) {
      const { markBg, markFront } = pickLogoLayers(random);
      expect(markBg).toMatch(/^bg-\d{2}$/);
      expect(markFront).toMatch(/^front-\d{2}$/);
      expect(SIMULATED_MAPS).toContain(pickMap(random));
    }
  });
});
