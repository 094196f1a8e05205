import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.ts';

/**
 * One signed-in session (a refresh-token family). Access tokens name their session, so revoking it
 * (sign-out, or a reused refresh token) ends every token of that family at once.
 */
export const AuthSessionSchema = defineEntity({
  name: 'AuthSession',
  tableName: 'auth_sessions',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    refreshedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    revokedReason: p.string().nullable(),
  },
});
export class AuthSession extends AuthSessionSchema.class {}
AuthSessionSchema.setClass(AuthSession);

/** A refresh token, stored only as its SHA-256; each is used once, then replaced by the next. */
export const RefreshTokenSchema = defineEntity({
  name: 'RefreshToken',
  tableName: 'refresh_tokens',
  properties: {
    id: p.uuid().primary(),
    session: () => p.manyToOne(AuthSession).deleteRule('cascade').index(),
    tokenHash: p.string().unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export class RefreshToken extends RefreshTokenSchema.class {}
RefreshTokenSchema.setClass(RefreshToken);
