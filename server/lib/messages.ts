/**
 * Korean texts the server sends in `{ error, message }` bodies and notices. The web shows them as they are,
 * so they live in one catalogue like the web's own (web/src/i18n/ko.ts).
 */
export const serverMessages = {
  validationFailed: '요청 값이 올바르지 않습니다.',
  invalidField: (field: string, reason: string) => `요청 값이 올바르지 않습니다: ${field} (${reason})`,
  apiNotFound: '요청한 API를 찾을 수 없습니다.',
  unauthorized: '로그인이 필요합니다.',
  sessionInvalid: '로그인 정보가 만료되었거나 올바르지 않습니다. 다시 로그인해 주세요.',
  adminOnly: '관리자 전용 기능입니다.',
  forbidden: '권한이 없습니다.',
  notFound: '요청한 정보를 찾을 수 없습니다.',
  conflict: '이미 처리된 요청이거나 중복된 값입니다.',
  payloadTooLarge: '요청 크기가 너무 큽니다.',
  unsupportedMediaType: '지원하지 않는 형식입니다.',
  tooManyRequests: (seconds: number) => `요청이 너무 많습니다. ${seconds}초 후 다시 시도해 주세요.`,
  internalError: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  serviceUnavailable: '서비스를 일시적으로 사용할 수 없습니다.',

  // Statistics: search, rankings, league tables, proxy variant (01-statistics.md §8)
  userInfoNotFound: '유저 정보를 찾을 수 없습니다.',
  leagueUnknown: '존재하지 않는 리그입니다.',
  clanInfoNotFound: '클랜 정보를 찾을 수 없습니다.',
  matchInfoNotFound: '매치 정보를 찾을 수 없습니다.',
  searchKeywordEmpty: '검색어를 입력해 주세요.',
  cursorInvalid: '잘못된 페이지 커서입니다. 처음부터 다시 불러와 주세요.',

  // Statistics: clan, match and player pages (issue 4 part B)
  clanRefreshTooSoon: (seconds: number) => `클랜 정보는 ${seconds}초 후에 다시 갱신할 수 있습니다.`,
  clanRefreshIngestRunning: '기록을 갱신하는 중입니다. 잠시 후 다시 시도해 주세요.',
} as const;
