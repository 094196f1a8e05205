import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Config } from '../../../../libs/config/index.ts';
import { AuthSession, claimPurchases, Profile, RefreshToken, User } from '../../../../libs/db/index.ts';
import { AuthMessages } from '../../../../libs/domain/index.ts';
import { AccountClaims } from '../common/account-claims.ts';
import { CONFIG } from '../config/config.module.ts';
import type { AccessClaims, SessionView, UserView } from '../common/auth.types.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function toUserView(user: User, profile: Profile): UserView {
  const provider = profile.authProvider;
  return {
    id: user.id,
    email: user.email ?? null,
    phone: user.phone ?? null,
    role: profile.role,
    email_confirmed: user.emailVerified,
    // A new account's own address waits for confirmation too; only a different one is a pending change.
    new_email: user.pendingEmail && user.pendingEmail !== user.email ? user.pendingEmail : null,
    app_metadata: { provider, providers: [...new Set([provider, ...(user.passwordHash ? ['email'] : []), ...(user.googleSubject ? ['google'] : [])])] },
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    ...(user.passwordChangeRequired ? { password_change_required: true as const } : {}),
  };
}

/**
 * Sessions are refresh-token families. Access tokens are short-lived JWTs naming their session; refresh tokens
 * are random, stored hashed, and rotated on every use. Presenting a used refresh token again means it was
 * stolen or replayed, so the whole family is revoked.
 */
@Injectable()
export class SessionTokensService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly jwt: JwtService,
    private readonly em: EntityManager,
    private readonly claims: AccountClaims,
  ) {}

  async start(user: User, profile: Profile): Promise<SessionView> {
    const session = this.em.create(AuthSession, { id: randomUUID(), user, createdAt: new Date() });
    return this.issue(session, user, profile);
  }

  async rotate(refreshToken: string): Promise<SessionView> {
    const stored = await this.em.findOne(RefreshToken, { tokenHash: sha256(refreshToken) }, { populate: ['session'] });
    if (!stored || stored.session.revokedAt) throw new UnauthorizedException(AuthMessages.invalidRefreshToken);
    // Claim the token atomically, so two concurrent uses cannot both succeed.
    const claimed = await this.em.nativeUpdate(RefreshToken, { id: stored.id, usedAt: null }, { usedAt: new Date() });
    if (claimed === 0) {
      await this.revokeSession(stored.session.id, 'refresh token reused');
      throw new UnauthorizedException(AuthMessages.refreshTokenReused);
    }
    if (stored.expiresAt.getTime() < Date.now()) throw new UnauthorizedException(AuthMessages.invalidRefreshToken);

    const session = stored.session;
    const user = await this.em.findOneOrFail(User, { id: session.user.id });
    const profile = await this.em.findOneOrFail(Profile, { user: user.id });
    session.refreshedAt = new Date();
    return this.issue(session, user, profile);
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.em.nativeUpdate(AuthSession, { id: sessionId, revokedAt: null }, { revokedAt: new Date(), revokedReason: reason });
  }

  /** Ends every session of the user, or every one but `keep`. */
  async revokeAllOf(userId: string, reason: string, keep?: string): Promise<void> {
    await this.em.nativeUpdate(
      AuthSession,
      { user: userId, revokedAt: null, ...(keep ? { id: { $ne: keep } } : {}) },
      { revokedAt: new Date(), revokedReason: reason },
    );
  }

  /** What the verified account bought signed out becomes its own; the features that keep such purchases then act on them. */
  async claim(userId: string): Promise<void> {
    await claimPurchases(this.em, userId);
    await this.claims.claimed(userId);
  }

  /** Every sign-in, sign-up and refresh passes here, so a purchase made signed out reaches its verified account. */
  private async issue(session: AuthSession, user: User, profile: Profile): Promise<SessionView> {
    if (user.emailVerified) await this.claim(user.id);
    const refreshToken = randomBytes(32).toString('base64url');
    this.em.create(RefreshToken, {
      id: randomUUID(),
      session,
      tokenHash: sha256(refreshToken),
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + this.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    await this.em.flush();

    const expiresIn = this.config.ACCESS_TOKEN_TTL_SECONDS;
    const claims: AccessClaims = { sub: user.id, sid: session.id, email: user.email ?? null, role: profile.role, aud: 'authenticated' };
    const accessToken = await this.jwt.signAsync(claims, { expiresIn });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: expiresIn,
      expires_at: Math.floor(Date.now() / 1000) + expiresIn,
      token_type: 'bearer',
      user: toUserView(user, profile),
    };
  }
}
