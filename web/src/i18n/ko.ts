import { clanPlayerKo } from './clan-player.js';
import { stats } from './stats.js';
import { reader } from './reader.js';

/**
 * The shell's strings and those most pages share (statistics, clan and player, reader tools). Components read text
 * from the catalogue, never from literals. The trade, community and account pages import their own catalogues
 * (tradeKo, communityKo, accountKo beside this file), so each page's strings come with its chunk and the first
 * screen of every page does not download the others (docs/decisions.md "Phones: a message catalogue per feature").
 */
export const ko = {
  site: {
    name: 'SAL 리그',
    tagline: '클랜 리그 전적 · 커뮤니티 · SP 거래',
  },
  nav: {
    sectionStats: '전적',
    sectionCommunity: '커뮤니티',
    sectionTrade: '거래',
    sectionSupport: '고객지원',
    sectionAdmin: '관리자',
    clanRanking: '클랜 랭킹',
    playerRanking: '개인 랭킹',
    leagueHub: '리그 전체',
    divisionRanking: '리그별 개인 랭킹',
    freeBoard: '자유게시판',
    notices: '공지사항',
    userTrade: '유저 거래',
    myTrades: '내 거래',
    chats: '채팅 목록',
    ads: '업체 홍보',
    suggest: '문의하기',
    exclude: '무소속 명단 제외 요청',
    hardcoreUsers: '하드코어 유저 목록',
    comingSoon: '준비 중',
    adminNotice: '공지 작성',
    adminTrust: '신뢰 사용자 관리',
    adminAds: '홍보 광고 관리',
    adminUsers: '사용자 관리',
    adminInbox: '문의·제외 요청함',
    adminReports: '신고 관리',
    newFlag: 'NEW',
    mainNavigation: '주 메뉴',
  },
  /** The unseen-alert count before the tab title. */
  titleCount: (count: number) => `(${count > 99 ? '99+' : count})`,
  topBar: {
    home: '홈',
    openMenu: '메뉴 열기',
    closeMenu: '메뉴 닫기',
    login: '로그인',
    signup: '회원가입',
    myPage: '마이페이지',
    logout: '로그아웃',
    userFallback: 'user',
    userMenu: '사용자 메뉴',
  },
  theme: {
    label: '테마',
    dark: '다크',
    light: '라이트',
    system: '시스템',
  },
  footer: {
    terms: '이용약관',
    privacy: '개인정보처리방침',
    contact: '문의',
    copyright: (year: number) => `© ${year} SAL 리그. 게임사와 무관한 팬 커뮤니티입니다.`,
  },
  home: {
    title: 'SAL 리그 전적 검색',
    intro: '닉네임, 군번 또는 클랜 이름으로 전적을 찾아보세요.',
    floatingHome: '홈으로',
  },
  errorPage: {
    title: '오류',
    code: (status: string) => `오류 코드 ${status}`,
    unauthorizedTitle: '인증이 필요합니다',
    unauthorizedBody: '로그인이 필요한 페이지입니다. 로그인 후 다시 시도해 주세요.',
    notFoundTitle: '페이지를 찾을 수 없습니다',
    notFoundBody: '주소가 바뀌었거나 삭제된 페이지입니다.',
    serverTitle: '서버 오류',
    serverBody: '서버에 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    networkTitle: '서버에 연결할 수 없습니다',
    networkBody: '네트워크 상태를 확인한 뒤 다시 시도해 주세요.',
    otherTitle: '문제가 발생했습니다',
    otherBody: '알 수 없는 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    goHome: '홈으로 가기',
    goLogin: '로그인하기',
    chunkTitle: '페이지를 불러오지 못했습니다',
    chunkBody: '사이트가 업데이트되었거나 네트워크 연결이 끊겼을 수 있습니다. 새로고침하면 최신 버전을 다시 불러옵니다.',
    renderTitle: '페이지를 표시하는 중 문제가 발생했습니다',
    renderBody: '일시적인 오류일 수 있습니다. 새로고침하거나 잠시 후 다시 시도해 주세요.',
    reload: '새로고침',
  },
  exchange: {
    title: '환전소',
    body: '환전소는 준비 중입니다. 유저 간 SP 거래는 유저 거래 게시판을 이용해 주세요.',
    goTrade: '유저 거래로 가기',
  },
  legal: {
    lastUpdated: (date: string) => `시행일: ${date}`,
    contactLine: (email: string) => `문의: ${email}`,
  },
  stats,
  clanPlayer: clanPlayerKo,
  reader,
  common: {
    loading: '불러오는 중...',
    unknown: '알 수 없음',
    dash: '-',
    /** A call that got no answer at all (offline, server down): never the browser's English "Failed to fetch". */
    networkError: '서버에 연결할 수 없습니다. 인터넷 연결을 확인해 주세요.',
    morning: '오전',
    afternoon: '오후',
  },
} as const;
