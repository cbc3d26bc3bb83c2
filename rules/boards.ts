// Board and comment limits: the server refuses past them, the forms stop typing at them. No imports.

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
