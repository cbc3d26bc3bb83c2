/**
 * Strings of the notices (docs/product/notices.md): the notice form and the notice popup. Their own module because
 * the popup shows over every page: the rest of the community strings come with the community pages' code.
 */
export const noticeKo = {
  writeTitle: '공지 작성',
  editTitle: '공지 수정',
  title: '제목',
  content: '내용',
  markdownHint: '마크다운을 지원합니다: **굵게**, # 제목, - 목록, [링크](https://...). HTML 태그는 글자로 표시됩니다.',
  showPopup: '팝업으로 표시',
  popupContent: '팝업 문구',
  popupContentPlaceholder: '비워 두면 본문을 표시합니다',
  popupStart: '팝업 시작일',
  popupEnd: '팝업 종료일',
  popupDaysHint: '시작일 00:00:00부터 종료일 23:59:59까지 (한국 시간) 표시됩니다.',
  submit: '등록',
  save: '저장',
  cancel: '취소',
  sending: '저장 중...',
  adminOnly: '관리자 전용 페이지입니다.',
  popupLabel: '공지',
  readMore: '자세히 보기',
  hideToday: '오늘 하루 보지 않기',
  close: '닫기',
  previous: '이전 공지',
  next: '다음 공지',
  position: (index: number, total: number) => `${index} / ${total}`,
} as const;
