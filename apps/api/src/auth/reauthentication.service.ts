import { randomInt } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException, UnprocessableEntityException } from '@nestjs/common';
import type { User } from '../../../../libs/db/index.ts';
import { AuthMessages, REAUTHENTICATION_CODE_DIGITS, REAUTHENTICATION_CODE_TTL_MS } from '../../../../libs/domain/index.ts';
import type { Mailer } from '../../../../libs/mail/index.ts';
import { reauthenticationCode } from '../../../../libs/mail/messages.ts';
import { RateLimitService } from '../common/rate-limits.ts';
import { AccountTokensService } from './account-tokens.service.ts';
import { MAILER } from './email-change.service.ts';
import { UnaskedMailService } from './unasked-mail.service.ts';

/**
 * Changing the password or the e-mail needs proof that the owner is at the keyboard: the current password, or a
 * one-time code mailed to the account's address (the only way for an account without a password, e.g. Google's).
 * Attempts of either kind count against the same per-account limit.
 */
@Injectable()
export class ReauthenticationService {
  private readonly logger = new Logger(ReauthenticationService.name);

  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly accountTokens: AccountTokensService,
    private readonly rateLimit: RateLimitService,
    private readonly unasked: UnaskedMailService,
  ) {}

  /** Mails a fresh code (an earlier one stops working). */
  async sendCode(user: User): Promise<void> {
    if (!user.email) throw new UnprocessableEntityException(AuthMessages.noEmailForCode);
    await this.rateLimit.consumeAttempt([`mail:${user.id}`]);
    await this.unasked.take('code', [user.email]);
    const code = String(randomInt(0, 10 ** REAUTHENTICATION_CODE_DIGITS)).padStart(REAUTHENTICATION_CODE_DIGITS, '0');
    await this.accountTokens.issue(user, 'reauthenticate', code, REAUTHENTICATION_CODE_TTL_MS);
    try {
      await this.mailer.send({ to: user.email, ...reauthenticationCode(code, REAUTHENTICATION_CODE_TTL_MS / 60_000) });
    } catch (error) {
      this.logger.error(`sending a re-authentication code failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new ServiceUnavailableException(AuthMessages.mailUnavailable);
    }
  }

  /** Throws unless `proof` holds the current password or an unspent code of this account (which it spends). */
  async check(user: User, proof: { current_password?: string; nonce?: string }): Promise<void> {
    const { current_password: password, nonce } = proof;
    const hash = user.passwordHash;
    if (nonce === undefined && (password === undefined || !hash)) throw new BadRequestException(AuthMessages.currentPasswordRequired);
    await this.rateLimit.consumeAttempt([`current-password:${user.id}`]);
    if (nonce !== undefined) {
      if (!(await this.accountTokens.spend('reauthenticate', nonce.trim(), user.id))) throw new BadRequestException(AuthMessages.reauthenticationCodeWrong);
    } else if (!hash || !(await verify(hash, password ?? ''))) {
      throw new BadRequestException(AuthMessages.currentPasswordWrong);
    }
  }
}
