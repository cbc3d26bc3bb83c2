import { cumulativeWeights, type Random } from './random.js';

/** A word shown in Korean (or English) with the ASCII form its clan slug is built from. */
type Word = readonly [shown: string, ascii: string];

const NICK_NOUNS = [
  '밤하늘', '별빛', '달빛', '햇살', '바람', '구름', '불꽃', '얼음', '그림자', '번개', '폭풍', '늑대', '호랑이',
  '독수리', '고양이', '여우', '사자', '감자', '고구마', '치킨', '라면', '탱크', '총알', '유령', '전사', '사신',
  '저격수', '헤드샷', '막내', '형님', '대장', '소년', '왕자', '천재', '괴물', '파도', '노을', '새벽',
];
const NICK_ADJECTIVES = [
  '조용한', '빛나는', '미친', '귀여운', '무서운', '행복한', '배고픈', '졸린', '차가운', '뜨거운', '외로운',
  '용감한', '전설의', '슬픈', '잘생긴', '날쌘',
];
const SKILL_WORDS = ['저격', '에임', '헤드샷', '한방', '스나', '폭파', '수류탄', '라이플', '칼빵', '샷건'];
const TITLES = ['신', '왕', '달인', '제왕', '전설', '주인'];
const NOUN_SUFFIXES = ['맨', '왕', '짱', '러버', '대장'];
const GIVEN_NAMES = [
  '준호', '민수', '지훈', '현우', '성민', '동현', '태현', '승민', '재원', '우진', '도윤', '서준', '하준', '민재',
  '지우', '수빈', '예준', '시우', '은우', '건우', '정우', '영호', '상훈', '다은',
];
const ENGLISH_WORDS = [
  'Ace', 'Pro', 'King', 'Dark', 'Ghost', 'Zero', 'Neo', 'Mr', 'God', 'Lucky', 'Crazy', 'Cool', 'Black', 'Red',
  'Blue', 'Sniper', 'Hunter', 'Killer', 'Angel', 'Devil', 'Storm', 'Tiger', 'Wolf', 'Fox',
];
const FAVOURITE_NUMBERS = ['7', '77', '777', '99', '1004', '2002', '97', '88', '0', '11', '24', '486', '1010', '13'];

const CLAN_ADJECTIVES: readonly Word[] = [
  ['붉은', 'red'], ['검은', 'black'], ['푸른', 'blue'], ['하얀', 'white'], ['불멸의', 'immortal'],
  ['전설의', 'legend'], ['무적', 'mujeok'], ['황금', 'golden'], ['은빛', 'silver'], ['강철', 'steel'],
  ['야생', 'wild'], ['최강', 'choegang'], ['새벽', 'dawn'], ['한밤', 'midnight'],
];
const CLAN_NOUNS: readonly Word[] = [
  ['늑대', 'wolf'], ['호랑이', 'tiger'], ['독수리', 'eagle'], ['용', 'dragon'], ['매', 'hawk'], ['여우', 'fox'],
  ['사자', 'lion'], ['전사', 'warrior'], ['기사단', 'knights'], ['유령', 'ghost'], ['폭풍', 'storm'],
  ['번개', 'thunder'], ['군단', 'legion'], ['특공대', 'commando'], ['저격단', 'snipers'], ['형제들', 'brothers'],
];
const CLAN_LOANWORDS: readonly Word[] = [
  ['블랙아웃', 'blackout'], ['레전드', 'legend'], ['팬텀', 'phantom'], ['이클립스', 'eclipse'], ['타이탄', 'titan'],
  ['레이븐', 'raven'], ['하이에나', 'hyena'], ['카오스', 'chaos'], ['블레이즈', 'blaze'], ['와일드카드', 'wildcard'],
  ['다크나이트', 'darkknight'], ['스나이퍼', 'sniper'],
];
const CLAN_SPIRITS: readonly Word[] = [
  ['낭만', 'nangman'], ['청춘', 'cheongchun'], ['우정', 'ujeong'], ['의리', 'uiri'], ['열정', 'yeoljeong'],
  ['동네', 'dongne'], ['불꽃', 'bulkkot'], ['무한', 'muhan'], ['천하', 'cheonha'], ['서울', 'seoul'],
];
const CLAN_GROUPS: readonly Word[] = [
  ['클랜', 'clan'], ['군단', 'gundan'], ['부대', 'budae'], ['특공대', 'teukgongdae'], ['연합', 'yeonhap'],
];
const CLAN_ENGLISH: readonly Word[] = [
  'Phoenix', 'Eclipse', 'Vortex', 'Nova', 'Reaper', 'Valkyrie', 'Spectre', 'Apex', 'Zenith', 'Rogue', 'Havoc',
  'Nemesis', 'Titan', 'Fury', 'Omega', 'Blaze', 'Venom', 'Raven', 'Mirage', 'Outlaw',
].map((word) => [word, word.toLowerCase()] as const);
const CLAN_ENGLISH_PREFIXES: readonly Word[] = [
  ['Team', 'team'], ['Black', 'black'], ['Red', 'red'], ['Neo', 'neo'], ['Dark', 'dark'], ['Royal', 'royal'],
];
const CLAN_ENGLISH_SUFFIXES: readonly Word[] = [['KR', 'kr'], ['Gaming', 'gaming'], ['Squad', 'squad']];

/** How often each nickname and clan-name style is drawn, roughly by how many distinct names it can make. */
const NICKNAME_STYLES = cumulativeWeights([3, 4, 1, 3, 4, 3, 3]);
const CLAN_STYLES = cumulativeWeights([6, 1, 2, 1, 4]);

/** Fresh name combinations a new clan tries before it takes a numbered name. */
const FRESH_CLAN_NAME_TRIES = 20;

const LOGO_BACKGROUNDS = 24;
const LOGO_FRONTS = 48;

/** A clan's display name and its URL slug (matching ^[a-z0-9][a-z0-9-]{0,62}$). */
export interface ClanName {
  name: string;
  slug: string;
}

/**
 * Hands out nicknames and clan names that are unique across one league, in the styles players really use
 * (Korean word pairs, Korean-English-number mixes; Korean, loanword and English clan names).
 */
export class NameFactory {
  private readonly nicknames = new Set<string>();
  private readonly clanNames = new Set<string>();
  private readonly clanSlugs = new Set<string>();

  constructor(private readonly random: Random) {}

  /** A nickname no other player of this league has. */
  nickname(): string {
    const base = this.nicknameCandidate();
    let nickname = base;
    for (let limit = 99; this.nicknames.has(nickname); limit = limit * 10 + 9) {
      nickname = base + String(this.random.int(1, limit));
    }
    this.nicknames.add(nickname);
    return nickname;
  }

  /**
   * A clan name and slug no other clan of this league has: a fresh combination while one turns up within a few
   * tries, else a numbered sister clan ('황금용2'), as big leagues have.
   */
  clan(): ClanName {
    let [words, separator] = this.clanCandidate();
    for (let tries = 0; tries < FRESH_CLAN_NAME_TRIES && this.isTakenClan(words, separator); tries += 1) {
      [words, separator] = this.clanCandidate();
    }
    const baseName = words.map(([shown]) => shown).join(separator);
    const baseSlug = words.map(([, ascii]) => ascii).join('-');
    let name = baseName;
    let slug = baseSlug;
    for (let number = 2; this.clanNames.has(name) || this.clanSlugs.has(slug); number += 1) {
      name = `${baseName}${separator}${number}`;
      slug = `${baseSlug}-${number}`;
    }
    this.clanNames.add(name);
    this.clanSlugs.add(slug);
    return { name, slug };
  }

  private isTakenClan(words: readonly Word[], separator: string): boolean {
    return this.clanNames.has(words.map(([shown]) => shown).join(separator)) || this.clanSlugs.has(words.map(([, ascii]) => ascii).join('-'));
  }

  private nicknameCandidate(): string {
    const random = this.random;
    switch (random.weightedIndex(NICKNAME_STYLES)) {
      case 0:
        return random.pick(NICK_ADJECTIVES) + random.pick(NICK_NOUNS);
      case 1:
        return random.pick(NICK_NOUNS) + random.pick(NICK_NOUNS);
      case 2:
        return `${random.pick(SKILL_WORDS)}의${random.pick(TITLES)}`;
      case 3:
        return random.pick(ENGLISH_WORDS) + random.pick(GIVEN_NAMES);
      case 4:
        return random.pick(NICK_NOUNS) + random.pick(NOUN_SUFFIXES) + this.favouriteNumber();
      case 5:
        return random.pick(GIVEN_NAMES) + this.favouriteNumber();
      default:
        return random.pick(ENGLISH_WORDS) + (random.chance(0.5) ? random.pick(ENGLISH_WORDS) : this.favouriteNumber());
    }
  }

  private favouriteNumber(): string {
    return this.random.chance(0.5) ? this.random.pick(FAVOURITE_NUMBERS) : String(this.random.int(1, 99));
  }

  private clanCandidate(): [readonly Word[], separator: string] {
    const random = this.random;
    switch (random.weightedIndex(CLAN_STYLES)) {
      case 0:
        return [[random.pick(CLAN_ADJECTIVES), random.pick(CLAN_NOUNS)], ''];
      case 1:
        return [[random.pick(CLAN_LOANWORDS)], ''];
      case 2:
        return [[random.pick(CLAN_SPIRITS), random.pick(CLAN_GROUPS)], ''];
      case 3:
        return [[random.pick(CLAN_ENGLISH)], ' '];
      default:
        return random.chance(0.5)
          ? [[random.pick(CLAN_ENGLISH_PREFIXES), random.pick(CLAN_ENGLISH)], ' ']
          : [[random.pick(CLAN_ENGLISH), random.pick(CLAN_ENGLISH_SUFFIXES)], ' '];
    }
  }
}

/** The two logo layer ids of a clan mark (background and front), e.g. 'bg-07' and 'front-12'. */
export function pickLogoLayers(random: Random): { markBg: string; markFront: string } {
  return {
    markBg: `bg-${String(random.int(1, LOGO_BACKGROUNDS)).padStart(2, '0')}`,
    markFront: `front-${String(random.int(1, LOGO_FRONTS)).padStart(2, '0')}`,
  };
}
