import { createHash, randomBytes } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException, UnprocessableEntityException } from '@nestjs/common';
import type { Config } from '../../../../libs/config/index.ts';
import { Profile, User } from '../../../../libs/db/index.ts';
import { AuthMessages, EMAIL_CHANGE_TTL_MS } from '../../../../libs/domain/index.ts';
import type { Mailer } from '../../../../libs/mail/index.ts';
import { CONFIG } from '../config/config.module.ts';

export const MAILER = Symbol('MAILER');

export interface EmailChange {
  oldEmail: string | null;
  newEmail: string;
  token: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

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

  /** Sets the pending address and a fresh token, unchecked: `begin` checks first; a new account's own address is kept unique by its column. */
  pending(user: User, newEmail: string): EmailChange {
    const token = randomBytes(32).toString('base64url');
    user.pendingEmail = newEmail;
    user.pendingEmailTokenHash = sha256(token);
    user.pendingEmailExpiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_MS);
    return { oldEmail: user.email === newEmail ? null : (user.email ?? null), newEmail, token };
  }

  /** Sends the confirmation link to the new address and a notice to the old one. */
  async notify({ oldEmail, newEmail, token }: EmailChange): Promise<void> {
    const link = `${this.config.PORTAL_URL}/verify-email?token=${encodeURIComponent(token)}`;
    const hours = EMAIL_CHANGE_TTL_MS / 3_600_000;
    try {
      await this.mailer.send({
        to: newEmail,
        subject: 'Confirm your new e-mail address for Pressroom',
        text: `Someone asked to use this address for their Pressroom account. If it was you, confirm it within ${hours} hours:\n\n${link}\n\nIf it was not you, ignore this message: nothing changes.\n`,
      });
      if (oldEmail) {
        await this.mailer.send({
          to: oldEmail,
          subject: 'Your Pressroom e-mail address is being changed',
          text: `A change of your Pressroom account's e-mail address to ${newEmail} was requested. It takes effect only once confirmed from that address.\n\nIf you did not ask for this, change your password now; that also signs out every other session.\n`,
        });
      }
    } catch (error) {
      this.logger.error(`sending the e-mail change messages failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new ServiceUnavailableException(AuthMessages.mailUnavailable);
    }
  }

  /**
   * A new account's address is confirmed the same way (pending = its own address): until then the account works,
   * but nothing bought with that address is attached to it. A mail failure is logged; the sign-up stands.
   */
  async notifyNewAccount({ newEmail, token }: EmailChange): Promise<void> {
    const link = `${this.config.PORTAL_URL}/verify-email?token=${encodeURIComponent(token)}`;
    const hours = EMAIL_CHANGE_TTL_MS / 3_600_000;
    try {
      await this.mailer.send({
        to: newEmail,
        subject: 'Confirm your e-mail address for Pressroom',
        text: `Welcome to Pressroom. Confirm this address within ${hours} hours so that purchases made with it are added to your account:\n\n${link}\n\nIf you did not create an account, ignore this message.\n`,
      });
    } catch (error) {
      this.logger.error(`sending the sign-up confirmation failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Applies the pending address the token stands for and marks it verified; the token works once. */
  async confirm(token: string): Promise<{ user: User; profile: Profile }> {
    const user = await this.em.findOne(User, { pendingEmailTokenHash: sha256(token), pendingEmailExpiresAt: { $gt: new Date() } });
    if (!user?.pendingEmail) throw new BadRequestException(AuthMessages.invalidVerificationToken);
    await this.assertAvailable(user.pendingEmail, user.id);
    const profile = await this.em.findOneOrFail(Profile, { user: user.id });
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
