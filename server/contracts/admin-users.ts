import Type, { type Static } from 'typebox';
import { Nullable, PageLimit } from './common.js';

/** Admin users page (docs/product/admin.md#users-admin): league players as admins see them. */

export const ADMIN_USERS_PAGE_MAX = 200;

export const AdminPlayer = Type.Object({
  playerId: Type.String({ description: 'enlistment number' }),
  nickname: Type.String(),
  clanSlug: Nullable(Type.String()),
  lastSeenAt: Nullable(Type.String({ format: 'date-time' })),
});
export type AdminPlayer = Static<typeof AdminPlayer>;

export const AdminRecentQuery = Type.Object({
  limit: Type.Optional(PageLimit({ default: 50, description: `rows, clamped to ${ADMIN_USERS_PAGE_MAX}` })),
});

/** GET /api/admin/users/recent: the players seen most recently, newest first. */
export const AdminRecentResponse = Type.Object({ items: Type.Array(AdminPlayer) });
export type AdminRecentResponse = Static<typeof AdminRecentResponse>;

export const AdminClanParams = Type.Object({ clanSlug: Type.String({ minLength: 1, maxLength: 64 }) });

/** GET /api/admin/users/clan/{clanSlug}: the clan's current players, most recently seen first. */
export const AdminClanResponse = Type.Object({
  clan: Type.Object({ slug: Type.String(), name: Type.String() }),
  items: Type.Array(AdminPlayer),
});
export type AdminClanResponse = Static<typeof AdminClanResponse>;
