/**
 * Strings of the trade alerts (docs/product/trade.md): top-bar badges, the count in the tab title, optional browser
 * notification and sound. Their own module because the top bar, which every page carries, shows them: the rest of
 * the trade strings come with the trade pages' code.
 */
export const tradeAlertsKo = {
  settingsTitle: '거래 알림',
  settingsHint: '새 거래 신청과 새 채팅 메시지를 알려 줍니다. 이 브라우저에만 저장되며 기본은 꺼져 있습니다.',
  browser: '브라우저 알림 받기',
  sound: '알림음 켜기',
  denied: '브라우저에서 알림이 차단되어 있습니다. 브라우저 설정에서 이 사이트의 알림을 허용해 주세요.',
  unsupported: '이 브라우저는 알림을 지원하지 않습니다.',
  tradeBadge: (count: number) => `확인하지 않은 거래 알림 ${count}건`,
  chatBadge: (count: number) => `읽지 않은 채팅 ${count}건`,
  notifyTitle: 'SAL 리그 거래 알림',
  newApplication: '새 거래 신청이 도착했습니다.',
  newMessage: (count: number) => `읽지 않은 채팅 메시지가 ${count}개 있습니다.`,
  test: '알림 시험',
} as const;
