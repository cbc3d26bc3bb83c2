// Boards: their names, and the limits of posts and comments. No imports.

export const BOARD_LIMITS = {
  titleMax: 100,
  contentMax: 20_000,
  commentMax: 1000,
  nicknameMax: 20,
  guestPasswordMin: 4,
  guestPasswordMax: 64,
  pageSizeDefault: 20,
  pageSizeMax: 50,
} as const;

/**
 * Every board by its slug, with the Korean name its pages show. Text lives in the message catalogues, but this
 * one list is named by both sides (the web's headings and links, the server's link previews of posts), so both
 * catalogues take it from here rather than keep two copies that could drift.
 */
export const BOARD_NAMES = {
  hot: '인기글',
  free: '자유게시판',
  sanply: '산플 (3부 리그)',
  asupply: 'A서플',
  rankedplay: '랭크전',
  champs: '챔피언스',
  streamer: '스트리머',
  notice: '공지사항',
  news: '뉴스',
  tip: '팁과 노하우',
  humor: '유머',
  question: '질문',
  video: '영상',
  incident: '사건 사고',
  'trade-user': '유저 거래 게시판',
  'trade-sp': 'SP 거래 게시판',
} as const;
