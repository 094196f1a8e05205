import { randomBytes } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Config } from '../../../../libs/config/index.ts';
import { hashPassword, Profile, User } from '../../../../libs/db/index.ts';
import { AuthMessages, normalizeEmail, PASSWORD_RECOVERY_TTL_MS } from '../../../../libs/domain/index.ts';
import type { Mailer } from '../../../../libs/mail/index.ts';
import { passwordRecovery } from '../../../../libs/mail/messages.ts';
import { CONFIG } from '../config/config.module.ts';
import { AccountTokensService } from './account-tokens.service.ts';
import type { SessionView } from '../common/auth.types.ts';
import { MAILER } from './email-change.service.ts';
import { assertStrongPassword } from './password-strength.ts';
import { SessionTokensService } from './session-tokens.service.ts';
import { UnaskedMailService } from './unasked-mail.service.ts';

/**
 * "Forgot password": a single-use link, valid PASSWORD_RECOVERY_TTL_MS, mailed to a registered address. The request is
 * answered before any of the work starts (looking the address up, the recipient's cap, the token, the mail), so the
 * answer is the same, and as quick, whether or not the address is registered or over its cap. Following the link
 * sets a new password, ends every session, proves the address (so it is marked verified) and signs the person in.
 */
@Injectable()
export class PasswordRecoveryService implements OnModuleDestroy {
  private readonly logger = new Logger(PasswordRecoveryService.name);
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly em: EntityManager,
    private readonly accountTokens: AccountTokensService,
    private readonly sessions: SessionTokensService,
    private readonly unasked: UnaskedMailService,
  ) {}

  /** Starts the work for `email` and returns at once; a failure is only logged. */
  request(email: string): void {
    const work: Promise<void> = this.mailLink(normalizeEmail(email))
      .catch((error: unknown) => this.logger.error(`sending a password reset link failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  private async mailLink(email: string): Promise<void> {
    const user = await this.em.findOne(User, { email });
    if (!user?.email) return;
    if (!(await this.unasked.allow('recover', [user.email]))) return;
    const token = randomBytes(32).toString('base64url');
    await this.accountTokens.issue(user, 'recover', token, PASSWORD_RECOVERY_TTL_MS);
    const link = `${this.config.PORTAL_URL}/recover?token=${encodeURIComponent(token)}`;
    await this.mailer.send({ to: user.email, ...passwordRecovery(link, PASSWORD_RECOVERY_TTL_MS / 60_000) });
  }

  /** Links being sent when the API stops are finished first, while the database is still open. */
  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.inFlight);
  }

  async confirm(token: string, password: string): Promise<SessionView> {
    const holder = await this.accountTokens.holder('recover', token);
    if (!holder) throw new BadRequestException(AuthMessages.invalidRecoveryToken);
    const user = await this.em.findOneOrFail(User, { id: holder });
    // A refused password leaves the link usable for a better one.
    assertStrongPassword(password, user.email);
    if ((await this.accountTokens.spend('recover', token)) !== user.id) throw new BadRequestException(AuthMessages.invalidRecoveryToken);
    user.passwordHash = await hashPassword(password);
    user.passwordChangeRequired = false;
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
