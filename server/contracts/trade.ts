import { TRADE_LIMITS } from '@shared/rules/trade.js';
import Type, { type Static } from 'typebox';
import { ClientInteger, Nullable } from './common.js';

/**
 * The trade marketplace (docs/product/trade.md). Field names are the spec's (`_id`, `sellerId` as an object with `_id`
 * and `nickname`, ...), so the pages read them as they are. Amounts are whole SP. Times are ISO strings. Ids are UUIDs.
 */

const Id = Type.String({ format: 'uuid' });
const IsoTime = Type.String({ format: 'date-time' });
const Amount = Type.Integer({ minimum: 0, description: 'SP' });
/** Clients may send an amount as a number or as a string of digits (the form fields are text). */
const AmountInput = Type.Union([Type.String({ maxLength: 20 }), ClientInteger()]);

export const Ok = Type.Literal(true);

/** A member as trade answers name them. */
export const MemberRef = Type.Object({ _id: Id, nickname: Type.String() });
export type MemberRef = Static<typeof MemberRef>;

/**
 * 거래대기 (no open deal), 거래중 (a deal open), 거래완료 (a deal completed, or the seller marked it sold), derived
 * from the deals and the seller's word; beside the spec's three, 예약중 (the seller reserved it: no new
 * applications) and 판매중단 (the seller withdrew it: hidden from the list).
 */
export const TradePostStatusLabel = Type.Enum(['거래대기', '거래중', '거래완료', '예약중', '판매중단']);
export type TradePostStatusLabel = Static<typeof TradePostStatusLabel>;
/** The same status as a code, for colours: waiting green, in progress yellow, completed grey, reserved blue, withdrawn grey. */
export const TradePostStatusCode = Type.Enum(['waiting', 'in_progress', 'completed', 'reserved', 'withdrawn']);
export type TradePostStatusCode = Static<typeof TradePostStatusCode>;

/** What the seller has said of a post: open, reserved, sold (outside a deal of the site), withdrawn. */
export const TradePostState = Type.Enum(['open', 'reserved', 'sold', 'withdrawn']);
export type TradePostState = Static<typeof TradePostState>;

/**
 * A deal's state. The spec's two (IN_PROGRESS, COMPLETED) stay; a deal may also end as REJECTED (by the seller) or
 * WITHDRAWN (by the buyer) before anybody confirmed, CANCELLED (by a party once under way), EXPIRED (no activity for
 * `DEAL_EXPIRY_HOURS`), or CLOSED (its post completed with another buyer, was marked sold or withdrawn).
 */
export const DealStatus = Type.Enum(['IN_PROGRESS', 'COMPLETED', 'REJECTED', 'WITHDRAWN', 'CANCELLED', 'EXPIRED', 'CLOSED']);
export type DealStatus = Static<typeof DealStatus>;

/** A party of a deal. */
export const DealParty = Type.Enum(['buyer', 'seller']);
export type DealParty = Static<typeof DealParty>;

/** An open deal with no message or confirmation for this long expires (docs/decisions.md). */
export const DEAL_EXPIRY_HOURS = TRADE_LIMITS.dealExpiryHours;

export const Confirmations = Type.Object({ buyer: Type.Boolean(), seller: Type.Boolean() });
export type Confirmations = Static<typeof Confirmations>;

/** How a deal ended: which party (null: the system, for expiry and closing), why, and when. */
const DealEnd = {
  endedBy: Nullable(DealParty),
  endReason: Nullable(Type.String()),
  endedAt: Nullable(IsoTime),
};

/**
 * A deal (docs/product/trade.md#deal-lifecycle). `closed`: it ended without completing (rejected, withdrawn, cancelled,
 * expired, closed), so its chat takes no more messages. `expiresAt`: when an open deal expires unless a message or
 * confirmation comes first.
 */
export const Deal = Type.Object({
  _id: Id,
  postId: Id,
  buyerId: MemberRef,
  price: Amount,
  note: Type.String(),
  status: DealStatus,
  closed: Type.Boolean(),
  ...DealEnd,
  expiresAt: Nullable(IsoTime),
  confirmations: Confirmations,
  sellerAcked: Type.Boolean({ description: 'the seller has opened this deal (new applications are the others)' }),
  unreadCount: Type.Integer({ minimum: 0, description: "messages from the other party the viewer has not loaded" }),
  createdAt: IsoTime,
  updatedAt: IsoTime,
  completedAt: Nullable(IsoTime),
});
export type Deal = Static<typeof Deal>;

/**
 * A post's seller; the site administrator's name is styled apart and opens no trade profile
 * (docs/product/trade.md#administrator-as-seller).
 */
export const SellerRef = Type.Object({ _id: Id, nickname: Type.String(), isAdmin: Type.Boolean() });

const PostCommon = {
  _id: Id,
  board: Type.Literal('user-trade'),
  title: Type.String(),
  price: Amount,
  status: TradePostStatusLabel,
  statusCode: TradePostStatusCode,
  sellerId: SellerRef,
  dealCount: Type.Integer({ minimum: 0, description: 'applications so far' }),
  openDealCount: Type.Integer({ minimum: 0, description: 'applications still open' }),
  state: TradePostState,
  views: Type.Integer({ minimum: 0, description: 'readers, each counted once a day' }),
  createdAt: IsoTime,
  updatedAt: IsoTime,
  editedAt: Nullable(IsoTime),
};

/** A row of the trade list. */
export const TradePostSummary = Type.Object(PostCommon);
export type TradePostSummary = Static<typeof TradePostSummary>;

/**
 * A post with its content (docs/product/trade.md#post-page). `deals` holds the deals the viewer may see: every deal for
 * the seller, the buyer's own deal for a buyer, none for anyone else. `myDealId` is the viewer's own deal.
 */
export const TradePost = Type.Object({
  ...PostCommon,
  content: Type.String(),
  deals: Type.Array(Deal),
  isMine: Type.Boolean(),
  myDealId: Nullable(Id),
});
export type TradePost = Static<typeof TradePost>;

export const PostIdParams = Type.Object({ id: Id });
export const PostIdParam = Type.Object({ postId: Id });
export const DealParams = Type.Object({ postId: Id, dealId: Id });
export const UserIdParams = Type.Object({ userId: Id });
export const SellerIdParams = Type.Object({ sellerId: Id });

/**
 * GET /api/trade/posts: page 1 first (newest), 20 a page; `mine=1` lists the signed-in member's own posts.
 * `page` and `limit` may be sent blank (`?page&limit=20`, as the spec writes the call): blank is the default.
 */
export const PostListQuery = Type.Object({
  board: Type.Optional(Type.Literal('user-trade')),
  page: Type.Optional(Type.String({ pattern: '^\\d{0,5}$', description: 'page number from 1 (blank: 1)' })),
  limit: Type.Optional(Type.String({ pattern: '^\\d{0,3}$', description: '1 to 50 (blank: 20)' })),
  mine: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('true'), Type.Literal('0'), Type.Literal('false')])),
});
export type PostListQuery = Static<typeof PostListQuery>;

export const PostListResponse = Type.Object({
  ok: Ok,
  items: Type.Array(TradePostSummary),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type PostListResponse = Static<typeof PostListResponse>;

/** GET /api/trade/posts/{id}: `view=0` reads without counting a view (the page's own refreshes). */
export const PostReadQuery = Type.Object({
  view: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
});

export const CreatePostBody = Type.Object({
  board: Type.Optional(Type.Literal('user-trade')),
  title: Type.String({ maxLength: 1000 }),
  content: Type.String({ maxLength: 20_000 }),
  price: AmountInput,
});
export type CreatePostBody = Static<typeof CreatePostBody>;

/** PUT /api/trade/posts/{id}: the seller edits title, content and price (the write form's rules). */
export const EditPostBody = Type.Object({
  title: Type.String({ maxLength: 1000 }),
  content: Type.String({ maxLength: 20_000 }),
  price: AmountInput,
});
export type EditPostBody = Static<typeof EditPostBody>;

/** POST /api/trade/posts/{id}/state: the seller reserves, reopens, marks sold or withdraws the post. */
export const PostStateBody = Type.Object({ state: TradePostState });
export type PostStateBody = Static<typeof PostStateBody>;

export const PostResponse = Type.Object({ ok: Ok, post: TradePost });
export type PostResponse = Static<typeof PostResponse>;

/** POST .../propose: the desired amount and the note (bracketed affiliation + memo). */
export const ProposeBody = Type.Object({
  price: AmountInput,
  note: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type ProposeBody = Static<typeof ProposeBody>;

/** `created` is false when the buyer already had a deal on the post: that deal comes back. */
export const ProposeResponse = Type.Object({ ok: Ok, dealId: Id, created: Type.Boolean(), deal: Deal });
export type ProposeResponse = Static<typeof ProposeResponse>;

export const DealsResponse = Type.Object({ ok: Ok, deals: Type.Array(Deal) });
export type DealsResponse = Static<typeof DealsResponse>;

/** A deal's state after a change to it, and its post's status. */
const DealStateFields = {
  ok: Ok,
  dealId: Id,
  status: DealStatus,
  postStatus: TradePostStatusLabel,
  postStatusCode: TradePostStatusCode,
  confirmations: Confirmations,
};

/** POST .../confirm: `completed` is true only for the one call that completed the deal. */
export const ConfirmResponse = Type.Object({ ...DealStateFields, ...DealEnd, completed: Type.Boolean() });
export type ConfirmResponse = Static<typeof ConfirmResponse>;

/** POST .../reject (seller) and .../withdraw (buyer): an optional reason, shown in the chat. */
export const EndDealBody = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type EndDealBody = Static<typeof EndDealBody>;

/** POST .../cancel (either party, once the deal is under way): the reason is required and shown in the chat. */
export const CancelDealBody = Type.Object({
  reason: Type.String({ maxLength: 1000 }),
});
export type CancelDealBody = Static<typeof CancelDealBody>;

/** The deal after a reject, withdraw or cancel; `changed` is false when it had already ended that way. */
export const DealChangeResponse = Type.Object({ ...DealStateFields, ...DealEnd, changed: Type.Boolean() });
export type DealChangeResponse = Static<typeof DealChangeResponse>;

/** POST .../ack-seller: `acknowledged` is true the first time only. */
export const AckResponse = Type.Object({ ok: Ok, acknowledged: Type.Boolean() });

/** Why a message may deserve a warning: a phone number, or a link to a messenger outside the site. */
export const ContactWarning = Type.Enum(['phone', 'messenger']);
export type ContactWarning = Static<typeof ContactWarning>;

/**
 * What a system message reports: the buyer applied, a party confirmed completion, the deal completed, another
 * buyer's completed deal (or the post marked sold or withdrawn) closed this chat, the seller rejected, the buyer
 * withdrew, a party cancelled (with the reason), or the deal expired. Its `senderId` is the member who caused it
 * (the seller for `closed` and `expired`).
 */
export const ChatSystemEvent = Type.Enum(['applied', 'confirmed', 'completed', 'closed', 'rejected', 'withdrawn', 'cancelled', 'expired']);
export type ChatSystemEvent = Static<typeof ChatSystemEvent>;

/**
 * A chat message (docs/product/trade.md#chat-messages). `clientId` is the sender's own id for it (duplicates are stored
 * once). `kind: 'system'` marks the chat's own notices of deal state changes (docs/product/trade.md#system-messages),
 * with `systemEvent` saying which; they are not counted as unread and carry no warnings.
 */
export const ChatMessage = Type.Object({
  _id: Id,
  seq: Type.Integer({ minimum: 1 }),
  clientId: Type.String(),
  kind: Type.Enum(['user', 'system']),
  systemEvent: Nullable(ChatSystemEvent),
  senderId: Id,
  senderNick: Type.String(),
  text: Type.String(),
  createdAt: IsoTime,
  warnings: Type.Array(ContactWarning),
});
export type ChatMessage = Static<typeof ChatMessage>;

/**
 * GET .../messages: `after` (a message id) returns only newer messages, for resync and polling; `before` (a
 * message id) the page of older ones just before it. `read=0` loads without moving the reader's read position
 * (a tab in the background: nobody has seen them yet).
 */
export const MessagesQuery = Type.Object({
  after: Type.Optional(Id),
  before: Type.Optional(Type.String({
    format: 'uuid', description: 'a message id: the page of messages just before it (older history; never marks read)',
  })),
  read: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')], {
    description: '0: do not mark the loaded messages read (default 1)',
  })),
});
export type MessagesQuery = Static<typeof MessagesQuery>;

/**
 * A deal's chat (docs/product/trade.md#chat-messages). `closed`: no more messages (the deal completed or ended
 * otherwise).
 */
export const ChatResponse = Type.Object({
  ok: Ok,
  items: Type.Array(ChatMessage),
  hasMore: Type.Boolean({ description: 'more messages after the last item: ask again with after=' }),
  hasOlder: Type.Boolean({ description: 'older messages before this page: ask with before=<first item>' }),
  closed: Type.Boolean(),
  dealStatus: DealStatus,
  ...DealEnd,
  expiresAt: Nullable(IsoTime),
  confirmations: Confirmations,
  buyerId: Id,
  sellerId: Id,
  buyerNick: Type.String(),
  sellerNick: Type.String(),
  postId: Id,
  postTitle: Type.String(),
  price: Amount,
  myRole: Type.Enum(['buyer', 'seller']),
  counterpartReadSeq: Type.Integer({ minimum: 0, description: "the other party has read every message up to this seq" }),
  sendRefusal: Nullable(Type.Object({
    error: Type.String(),
    message: Type.String(),
  }, { description: 'why this member may not write in the open chat now (a restriction, an unverified e-mail): read only' })),
});
export type ChatResponse = Static<typeof ChatResponse>;

/** POST .../read: the reader has seen the deal's messages up to `messageId` (a pushed message, say). */
export const MarkReadBody = Type.Object({ messageId: Id });
export const MarkReadResponse = Type.Object({
  ok: Ok,
  readSeq: Type.Integer({ minimum: 0, description: "the reader's position after the call (never moves back)" }),
});
export type MarkReadResponse = Static<typeof MarkReadResponse>;

export const SendMessageBody = Type.Object({
  text: Type.String({ maxLength: 5000 }),
  clientId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
});
export type SendMessageBody = Static<typeof SendMessageBody>;

export const SendMessageResponse = Type.Object({ ok: Ok, message: ChatMessage });
export type SendMessageResponse = Static<typeof SendMessageResponse>;

/** A chat inbox item (docs/product/trade.md#chat-inbox), with the server-kept unread count and the newest message. */
export const ChatInboxItem = Type.Object({
  dealId: Id,
  postId: Id,
  postTitle: Type.String(),
  price: Amount,
  dealStatus: DealStatus,
  closed: Type.Boolean(),
  mineIsSeller: Type.Boolean(),
  sellerId: Id,
  buyerId: Id,
  buyerNick: Type.String(),
  sellerNick: Type.String(),
  counterpartRole: Type.Enum(['buyer', 'seller']),
  counterpartNick: Type.String(),
  lastMessageAt: Nullable(IsoTime),
  lastMessageText: Nullable(Type.String()),
  unreadCount: Type.Integer({ minimum: 0 }),
  updatedAt: IsoTime,
  createdAt: IsoTime,
});
export type ChatInboxItem = Static<typeof ChatInboxItem>;

/** When counts were read, by the database clock: of two answers about one member, the later `asOf` is newer. */
const AsOf = Type.String({ format: 'date-time', description: 'database time the counts were read at' });

export const ChatInboxResponse = Type.Object({
  ok: Ok,
  items: Type.Array(ChatInboxItem),
  unreadTotal: Type.Integer({ minimum: 0 }),
  asOf: AsOf,
});
export type ChatInboxResponse = Static<typeof ChatInboxResponse>;

/**
 * The trade alerts summary (docs/product/trade.md#alert-summary), plus the unread chat total the sidebar's chat badge
 * shows and the seller's new applications (the trade list's banner).
 */
export const AlertsSummary = Type.Object({
  ok: Ok,
  openDealIds: Type.Array(Type.String(), { description: 'open deals that need the member, as seller or as buyer (the trade alert badge)' }),
  newApplicationDealIds: Type.Array(Type.String(), {
    description: "open deals on the member's own posts that the seller has not opened yet (ack-seller)",
  }),
  unreadChats: Type.Integer({ minimum: 0 }),
  asOf: AsOf,
});
export type AlertsSummary = Static<typeof AlertsSummary>;

/**
 * How a member's finished deals ended besides completing: cancelled by the member, cancelled by the other party,
 * expired. Only the member's own cancels count in `total` (docs/decisions.md "Trust figures").
 */
const OtherEndings = {
  cancelledBySelf: Type.Integer({ minimum: 0, description: 'deals this member cancelled (counted in total)' }),
  cancelledByCounterpart: Type.Integer({ minimum: 0, description: 'deals the other party cancelled (not counted)' }),
  expired: Type.Integer({ minimum: 0, description: 'deals that expired without activity (not counted)' }),
};

/**
 * A trade profile (docs/product/trade.md#trade-profile): finished deals in either role. `total` = completed + cancelled
 * by this member; `rate` = completed / total in percent (0 without such deals). Open deals never count.
 */
export const TradeProfile = Type.Object({
  ok: Ok,
  userId: Id,
  nickname: Type.String(),
  credit: Type.Integer({ minimum: 0, description: 'completed deals plus verified trades from before the site' }),
  rate: Type.Integer({ minimum: 0, maximum: 100 }),
  completed: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
  ...OtherEndings,
  isBanned: Type.Boolean(),
  isTrusted: Type.Boolean(),
  prevVerifiedCount: Type.Integer({ minimum: 0 }),
});
export type TradeProfile = Static<typeof TradeProfile>;

/**
 * Seller credibility (docs/product/trade.md#seller-credibility), finished deals as seller: score +1 per completed deal
 * plus the verified trades from before the site (`scorePercent`: 10 is 100%); `rate` = completedCount / totalCount in
 * percent (totalCount = completed + cancelled by the seller), which the trust colour bands read.
 */
export const SellerCredibility = Type.Object({
  ok: Ok,
  sellerId: Id,
  nickname: Type.String(),
  score: Type.Integer({ minimum: 0 }),
  scorePercent: Type.Integer({ minimum: 0, maximum: 100 }),
  rate: Type.Integer({ minimum: 0, maximum: 100 }),
  completedCount: Type.Integer({ minimum: 0 }),
  totalCount: Type.Integer({ minimum: 0 }),
  ...OtherEndings,
  prevVerifiedCount: Type.Integer({ minimum: 0 }),
  isTrusted: Type.Boolean(),
  isBanned: Type.Boolean(),
});
export type SellerCredibility = Static<typeof SellerCredibility>;

/** One deal of a member's trade history. */
export const HistoryItem = Type.Object({
  dealId: Id,
  postId: Id,
  postTitle: Type.String(),
  price: Amount,
  role: Type.Enum(['buyer', 'seller']),
  counterpartNick: Type.String(),
  status: DealStatus,
  closed: Type.Boolean(),
  ...DealEnd,
  createdAt: IsoTime,
  completedAt: Nullable(IsoTime),
});
export type HistoryItem = Static<typeof HistoryItem>;

/** Trade history pages newest first; `cursor` is the `nextCursor` of the previous page. */
export const HistoryQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
});

/** Own history: every deal; another member's: completed deals only. */
export const HistoryResponse = Type.Object({
  ok: Ok,
  user: MemberRef,
  profile: TradeProfile,
  items: Type.Array(HistoryItem),
  nextCursor: Nullable(Type.String()),
});
export type HistoryResponse = Static<typeof HistoryResponse>;

/**
 * An admin trust item (docs/product/admin.md#trust-admin; deals as seller), with the restriction: its reason and its
 * end (null: until lifted).
 */
export const AdminTrustItem = Type.Object({
  userId: Type.Object({ _id: Id, email: Type.String(), nickname: Type.String() }),
  prevVerifiedCount: Type.Integer({ minimum: 0 }),
  isTrusted: Type.Boolean(),
  isBanned: Type.Boolean(),
  banReason: Nullable(Type.String()),
  bannedUntil: Nullable(IsoTime),
  completedDeals: Type.Integer({ minimum: 0 }),
  totalDeals: Type.Integer({ minimum: 0 }),
});
export type AdminTrustItem = Static<typeof AdminTrustItem>;

export const AdminTrustQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) });
export const AdminTrustListResponse = Type.Object({ ok: Ok, items: Type.Array(AdminTrustItem) });
export type AdminTrustListResponse = Static<typeof AdminTrustListResponse>;

/**
 * PATCH /api/trade/admin/trust: the member by e-mail; prevVerifiedCount digits only (blank leaves it). A
 * restriction is not set here (`isBanned` is refused): it needs a reason and a duration (POST .../admin/bans).
 */
export const AdminTrustPatchBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  prevVerifiedCount: Type.Optional(Type.Union([Type.String({ maxLength: 12 }), ClientInteger(), Type.Null()])),
  isTrusted: Type.Optional(Type.Boolean()),
  isBanned: Type.Optional(Type.Boolean({ description: 'refused: use POST /api/trade/admin/bans' })),
});
export type AdminTrustPatchBody = Static<typeof AdminTrustPatchBody>;

export const AdminTrustPatchResponse = Type.Object({ ok: Ok, message: Type.String(), item: AdminTrustItem });
export type AdminTrustPatchResponse = Static<typeof AdminTrustPatchResponse>;

/** The lengths an admin may restrict trading for, in days; null is until lifted. */
export const BAN_DAY_CHOICES = [1, 3, 7, 30] as const;

/**
 * POST /api/trade/admin/bans: restrict a member (by e-mail) for `days`, or until lifted ('permanent'), with a
 * reason they are shown. (Not null for "until lifted": request coercion would read 0 or '' as null.)
 */
export const AdminBanBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  reason: Type.String({ maxLength: 1000 }),
  days: Type.Union([Type.Integer({ minimum: 1, maximum: 365 }), Type.Literal('permanent')]),
});
export type AdminBanBody = Static<typeof AdminBanBody>;

/** POST /api/trade/admin/bans/lift: end a member's restriction now, with an optional note for the log. */
export const AdminLiftBanBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  reason: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type AdminLiftBanBody = Static<typeof AdminLiftBanBody>;

/** A restriction as its member reads it: the reason, since and until when (null: until lifted), and one sentence. */
export const TradeRestriction = Type.Object({
  reason: Nullable(Type.String()),
  since: Nullable(IsoTime),
  until: Nullable(IsoTime),
  message: Type.String(),
});
export type TradeRestriction = Static<typeof TradeRestriction>;

/**
 * GET /api/trade/standing/me: whether the member may trade. New posts, applications and messages need a verified
 * e-mail and no restriction; a restricted member still reads their chats.
 */
export const TradeStandingResponse = Type.Object({
  ok: Ok,
  emailVerified: Type.Boolean(),
  restriction: Nullable(TradeRestriction),
  canTrade: Type.Boolean(),
});
export type TradeStandingResponse = Static<typeof TradeStandingResponse>;
