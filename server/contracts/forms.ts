import Type, { type Static } from 'typebox';
import { Nullable } from './common.js';

/**
 * Suggestions (/suggest) and exclusion requests (/sal-board/exclude), docs/product/forms.md, and the admin inbox that
 * reads them.
 */

const DateTimeString = Type.String({ format: 'date-time' });

/** Once per 3 hours per nickname or per IP (docs/product/forms.md#once-per-three-hours). */
export const EXCLUSION_COOLDOWN_SECONDS = 3 * 60 * 60;

export const FORM_LIMITS = {
  emailMax: 254,
  nicknameMax: 20,
  suggestionMax: 5000,
  excludeNicknameMax: 40,
  clanNameMax: 40,
  reasonMax: 2000,
  proofMax: 1000,
} as const;

/** POST /api/sal-board/suggest. E-mail and content are required (checked with Korean messages). */
export const SuggestionBody = Type.Object({
  email: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  nickname: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
  content: Type.Optional(Nullable(Type.String({ maxLength: FORM_LIMITS.suggestionMax }))),
});
export type SuggestionBody = Static<typeof SuggestionBody>;

/** POST /api/sal-board/exclude. Nickname, clan name and reason are required; proof is optional. */
export const ExclusionBody = Type.Object({
  nickname: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  clanName: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  reason: Type.Optional(Nullable(Type.String({ maxLength: FORM_LIMITS.reasonMax }))),
  proof: Type.Optional(Nullable(Type.String({ maxLength: FORM_LIMITS.proofMax }))),
});
export type ExclusionBody = Static<typeof ExclusionBody>;

export const FormMessageResponse = Type.Object({ message: Type.String() });

/** Inbox pages are newest first, keyset-paged by id: pass the last `nextCursor` as `cursor`. */
export const InboxQuery = Type.Object({
  cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,12}$' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 30 }),
});

export const SuggestionItem = Type.Object({
  _id: Type.String(),
  email: Type.String(),
  nickname: Nullable(Type.String()),
  content: Type.String(),
  createdAt: DateTimeString,
});
export type SuggestionItem = Static<typeof SuggestionItem>;

export const ExclusionItem = Type.Object({
  _id: Type.String(),
  nickname: Type.String(),
  clanName: Type.String(),
  reason: Type.String(),
  proof: Nullable(Type.String()),
  createdAt: DateTimeString,
});
export type ExclusionItem = Static<typeof ExclusionItem>;

export const SuggestionInboxResponse = Type.Object({
  items: Type.Array(SuggestionItem),
  nextCursor: Nullable(Type.String()),
});
export type SuggestionInboxResponse = Static<typeof SuggestionInboxResponse>;

export const ExclusionInboxResponse = Type.Object({
  items: Type.Array(ExclusionItem),
  nextCursor: Nullable(Type.String()),
});
export type ExclusionInboxResponse = Static<typeof ExclusionInboxResponse>;
