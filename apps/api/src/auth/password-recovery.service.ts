import { randomBytes } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import type { Config } from '../../../../libs/config/index.ts';
import { hashPassword, Profile, User } from '../../../../libs/db/index.ts';
import { AuthMessages, normalizeEmail, PASSWORD_RECOVERY_TTL_MS } from '../../../../libs/domain/index.ts';
import type { Mailer } from '../../../../libs/mail/index.ts';
import { passwordRecovery } from '../../../../libs/mail/messages.ts';
import { CONFIG } from '../config/config.module.ts';
import { AccountTokensService } from './account-tokens.service.ts';
import type { SessionView } from './auth.types.ts';
import { MAILER } from './email-change.service.ts';
import { assertStrongPassword } from './auth.service.ts';
import { SessionTokensService } from './session-tokens.service.ts';

/**
 * "Forgot password": a single-use link, valid PASSWORD_RECOVERY_TTL_MS, mailed to a registered address. The answer
 * to the request is the same whether or not the address is registered, and as quick: the token is made either way
 * and the mail leaves off the request path. Following the link sets a new password, ends every session, proves the
 * address (so it is marked verified) and signs the person in.
 */
@Injectable()
export class PasswordRecoveryService {
  private readonly logger = new Logger(PasswordRecoveryService.name);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly em: EntityManager,
    private readonly accountTokens: AccountTokensService,
    private readonly sessions: SessionTokensService,
  ) {}

  async request(email: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const user = await this.em.findOne(User, { email: normalizeEmail(email) });
    if (!user?.email) return;
    await this.accountTokens.issue(user, 'recover', token, PASSWORD_RECOVERY_TTL_MS);
    const link = `${this.config.PORTAL_URL}/recover?token=${encodeURIComponent(token)}`;
    const to = user.email;
    void this.mailer.send({ to, ...passwordRecovery(link, PASSWORD_RECOVERY_TTL_MS / 60_000) }).catch((error: unknown) => {
      this.logger.error(`sending a password reset link failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  async confirm(token: string, password: string): Promise<SessionView> {
    assertStrongPassword(password);
    const userId = await this.accountTokens.spend('recover', token);
    if (!userId) throw new BadRequestException(AuthMessages.invalidRecoveryToken);
    const user = await this.em.findOneOrFail(User, { id: userId });
    user.passwordHash = await hashPassword(password);
    user.emailVerified = true;
    if (user.pendingEmail === user.email) {
      user.pendingEmail = null;
      user.pendingEmailTokenHash = null;
      user.pendingEmailExpiresAt = null;
    }
    await this.em.flush();
    await this.sessions.revokeAllOf(user.id, 'password reset');
    return this.sessions.start(user, await this.em.findOneOrFail(Profile, { user: user.id }));
  }
}
