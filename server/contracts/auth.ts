import Type, { type Static } from 'typebox';
import { Nullable } from './common.js';

/** Accounts (docs/product/accounts.md): sign-up, login, the member's own profile, verification and robot check. */

const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Nullable(Timestamp);

export const UserRoleValue = Type.Enum(['user', 'admin']);

export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

export const SignupBody = Type.Object({
  email: Type.String({ maxLength: 320 }),
  password: Type.String({ maxLength: 200 }),
  nickname: Type.String({ maxLength: 100 }),
  captchaToken: Type.String({ maxLength: 20_000, description: 'ALTCHA payload (base64) or Turnstile token' }),
  agreeTerms: Type.Optional(Type.Boolean({ description: 'terms of use ticked; false is refused (absent: the form checked it)' })),
  agreePrivacy: Type.Optional(Type.Boolean({ description: 'personal data consent ticked; false is refused' })),
});
export type SignupBody = Static<typeof SignupBody>;

export const SignupResponse = Type.Object({
  message: Type.String(),
  userId: Type.String(),
  /** Whether the verification mail was handed over (SMTP or the local outbox). */
  mailSent: Type.Boolean(),
});
export type SignupResponse = Static<typeof SignupResponse>;

export const LoginBody = Type.Object({
  email: Type.String({ maxLength: 320 }),
  password: Type.String({ maxLength: 200 }),
  captchaToken: Type.Optional(Type.String({
    maxLength: 20_000,
    description: 'a solved robot check; needed once the account or the address failed often lately (captchaRequired)',
  })),
});
export type LoginBody = Static<typeof LoginBody>;

export const LoginResponse = Type.Object({
  token: Type.String({ description: 'HS256 JWT with userId, email, nickname, role; expires' }),
  message: Type.String(),
  role: UserRoleValue,
  userId: Type.String(),
});
export type LoginResponse = Static<typeof LoginResponse>;

/** The member as my page shows it; `id`, `_id` and `userId` are the same value (the spec's readers use each). */
export const MeUser = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  userId: Type.String(),
  email: Type.String(),
  nickname: Type.String(),
  role: UserRoleValue,
  isEmailVerified: Type.Boolean(),
  isVerified: Type.Boolean(),
  emailVerifiedAt: NullableTimestamp,
  createdAt: Timestamp,
  lastLoginAt: NullableTimestamp,
  nicknameChangedAt: NullableTimestamp,
  /** When the nickname may change next; null: now. */
  nextNicknameChangeAt: NullableTimestamp,
});
export type MeUser = Static<typeof MeUser>;

/** GET /api/auth/me: role, the user object, and the same fields flat (the spec gives both readings). */
export const MeResponse = Type.Object({
  role: UserRoleValue,
  user: MeUser,
  email: Type.String(),
  nickname: Type.String(),
  isEmailVerified: Type.Boolean(),
  isVerified: Type.Boolean(),
  createdAt: Timestamp,
  lastLoginAt: NullableTimestamp,
});
export type MeResponse = Static<typeof MeResponse>;

export const VerifyParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

export const NicknameBody = Type.Object({ newNickname: Type.String({ maxLength: 100 }) });
export type NicknameBody = Static<typeof NicknameBody>;

export const NicknameResponse = Type.Object({
  message: Type.String(),
  nickname: Type.String(),
  /** A fresh session token carrying the new nickname. */
  token: Type.String(),
  nextNicknameChangeAt: Timestamp,
});
export type NicknameResponse = Static<typeof NicknameResponse>;

export const PasswordBody = Type.Object({
  oldPassword: Type.String({ maxLength: 200 }),
  newPassword: Type.String({ maxLength: 200 }),
});
export type PasswordBody = Static<typeof PasswordBody>;

/**
 * PUT /api/auth/password and POST /api/auth/logout-everywhere: every other session of the member has ended; this
 * device goes on with the new token (store it in place of the old one).
 */
export const SessionRenewedResponse = Type.Object({
  message: Type.String(),
  token: Type.String({ description: 'the new login token of this device; tokens signed before are refused' }),
});
export type SessionRenewedResponse = Static<typeof SessionRenewedResponse>;

/** GET /api/captcha/config: which robot check the sign-up form shows. */
export const CaptchaConfigResponse = Type.Object({
  provider: Type.Enum(['altcha', 'turnstile']),
  /** ALTCHA: where the widget fetches a challenge. */
  challengeUrl: Type.Optional(Type.String()),
  /** Turnstile: the public site key. */
  siteKey: Type.Optional(Type.String()),
});
export type CaptchaConfigResponse = Static<typeof CaptchaConfigResponse>;

/** GET /api/captcha/challenge: an ALTCHA v2 challenge, signed. */
export const AltchaChallengeResponse = Type.Object({
  parameters: Type.Object({
    algorithm: Type.String(),
    nonce: Type.String(),
    salt: Type.String(),
    cost: Type.Integer(),
    keyLength: Type.Integer(),
    keyPrefix: Type.String(),
    keySignature: Type.Optional(Type.String()),
    memoryCost: Type.Optional(Type.Integer()),
    parallelism: Type.Optional(Type.Integer()),
    expiresAt: Type.Optional(Type.Integer()),
  }),
  signature: Type.Optional(Type.String()),
});
export type AltchaChallengeResponse = Static<typeof AltchaChallengeResponse>;
