import { createHash, randomBytes } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException, UnprocessableEntityException } from '@nestjs/common';
import type { Config } from '../../../../libs/config/index.ts';
import { AccountToken, Profile, User } from '../../../../libs/db/index.ts';
import { AuthMessages, EMAIL_CHANGE_TTL_MS } from '../../../../libs/domain/index.ts';
import type { Mailer } from '../../../../libs/mail/index.ts';
import { accountConfirmation, emailChangeConfirmation, emailChangeNotice } from '../../../../libs/mail/messages.ts';
import { CONFIG } from '../config/config.module.ts';

export const MAILER = Symbol('MAILER');

export interface EmailChange {
  oldEmail: string | null;
  newEmail: string;
  token: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const EMAIL_CHANGE_TTL_HOURS = EMAIL_CHANGE_TTL_MS / 3_600_000;

/**
 * A new e-mail address takes effect only when someone follows the link sent to it: until then it waits on the
 * user as pending, with the SHA-256 of a single-use token that expires after EMAIL_CHANGE_TTL_MS. The old
 * address is told about the request, so its owner notices a change they did not ask for.
 */
@Injectable()
export class EmailChangeService {
  private readonly logger = new Logger(EmailChangeService.name);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly em: EntityManager,
  ) {}

  /** Makes `email` the user's pending address (replacing an earlier request), persisted on the next flush. */
  async begin(user: User, newEmail: string): Promise<EmailChange> {
    await this.assertAvailable(newEmail, user.id);
    return this.pending(user, newEmail);
  }

  /**
   * Sets the pending address and a fresh token, unchecked: `begin` checks first; a new account's own address is kept
   * unique by its column. The old address is told only when it was confirmed: the notice names the new address, which
   * the requester chose, and text of theirs goes to no address that has not shown it is theirs.
   */
  pending(user: User, newEmail: string): EmailChange {
    const token = randomBytes(32).toString('base64url');
    user.pendingEmail = newEmail;
    user.pendingEmailTokenHash = sha256(token);
    user.pendingEmailExpiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_MS);
    return { oldEmail: user.email === newEmail || !user.emailVerified ? null : (user.email ?? null), newEmail, token };
  }

  /** Sends the confirmation link to the new address and, unless `resend`, a notice to the old one. */
  async notify({ oldEmail, newEmail, token }: EmailChange, resend = false): Promise<void> {
    try {
      await this.mailer.send({ to: newEmail, ...emailChangeConfirmation(this.link(token), EMAIL_CHANGE_TTL_HOURS) });
      if (oldEmail && !resend) await this.mailer.send({ to: oldEmail, ...emailChangeNotice(newEmail) });
    } catch (error) {
      this.logger.error(`sending the e-mail change messages failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new ServiceUnavailableException(AuthMessages.mailUnavailable);
    }
  }

  /**
   * A new account's address is confirmed the same way (pending = its own address): until then the account can
   * write books but not buy, and nothing bought with that address is attached to it. At sign-up a mail failure
   * is only logged (the sign-up stands; the dashboard offers a resend); on a resend the person hears of it.
   */
  async notifyNewAccount({ newEmail, token }: EmailChange, resend = false): Promise<void> {
    try {
      await this.mailer.send({ to: newEmail, ...accountConfirmation(this.link(token), EMAIL_CHANGE_TTL_HOURS) });
    } catch (error) {
      this.logger.error(`sending the e-mail confirmation failed: ${error instanceof Error ? error.message : String(error)}`);
      if (resend) throw new ServiceUnavailableException(AuthMessages.mailUnavailable);
    }
  }

  private link(token: string): string {
    return `${this.config.PORTAL_URL}/verify-email?token=${encodeURIComponent(token)}`;
  }

  /** Applies the pending address the token stands for and marks it verified; the token works once. */
  async confirm(token: string): Promise<{ user: User; profile: Profile }> {
    const user = await this.em.findOne(User, { pendingEmailTokenHash: sha256(token), pendingEmailExpiresAt: { $gt: new Date() } });
    if (!user?.pendingEmail) throw new BadRequestException(AuthMessages.invalidVerificationToken);
    await this.assertAvailable(user.pendingEmail, user.id);
    const profile = await this.em.findOneOrFail(Profile, { user: user.id });
    // A reset link mailed to the old address must not outlive the change.
    if (user.email !== user.pendingEmail) await this.em.nativeUpdate(AccountToken, { user: user.id, purpose: 'recover', usedAt: null }, { usedAt: new Date() });
    user.email = user.pendingEmail;
    user.emailVerified = true;
    profile.email = user.email;
    user.pendingEmail = null;
    user.pendingEmailTokenHash = null;
    user.pendingEmailExpiresAt = null;
    return { user, profile };
  }

  private async assertAvailable(email: string, userId: string): Promise<void> {
    if (await this.em.count(User, { email, id: { $ne: userId } })) throw new UnprocessableEntityException(AuthMessages.alreadyRegistered);
  }
}
