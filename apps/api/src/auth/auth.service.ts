import { randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, Logger, UnauthorizedException, UnprocessableEntityException } from '@nestjs/common';
import { createAccount, hashPassword, Profile, User } from '../../../../libs/db/index.ts';
import { AuthMessages, normalizeEmail } from '../../../../libs/domain/index.ts';
import type { CredentialsDto, SignUpDto, UpdateUserDto } from './auth.dto.ts';
import type { AuthUser, SessionView, UserView } from '../common/auth.types.ts';
import { EmailChangeService } from './email-change.service.ts';
import { assertStrongPassword } from './password-strength.ts';
import { RateLimitService } from '../common/rate-limits.ts';
import { ReauthenticationService } from './reauthentication.service.ts';
import { SessionTokensService, toUserView } from './session-tokens.service.ts';
import { UnaskedMailService } from './unasked-mail.service.ts';

/** Verifying against this when the user does not exist keeps wrong-e-mail and wrong-password equally slow. */
const DUMMY_HASH = await hashPassword(randomUUID());

interface Identity {
  email?: string;
  phone?: string;
  password: string;
}

/** One home for the "e-mail or phone plus password" rule of the auth service. */
export function identityOf(dto: CredentialsDto): Identity {
  const email = dto.email ? normalizeEmail(dto.email) : undefined;
  const phone = dto.phone?.trim() || undefined;
  if ((!email && !phone) || !dto.password) throw new BadRequestException(AuthMessages.credentialsRequired);
  return { ...(email ? { email } : {}), ...(phone ? { phone } : {}), password: dto.password };
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly tokens: SessionTokensService,
    private readonly emailChanges: EmailChangeService,
    private readonly reauthentication: ReauthenticationService,
    private readonly rateLimit: RateLimitService,
    private readonly unasked: UnaskedMailService,
  ) {}

  async signUp(dto: SignUpDto): Promise<SessionView> {
    const identity = identityOf(dto);
    assertStrongPassword(identity.password, identity.email);
    const { user, profile } = await createAccount(this.em, {
      email: identity.email ?? null,
      phone: identity.phone ?? null,
      password: identity.password,
      provider: 'email',
      fullName: typeof dto.data?.full_name === 'string' ? dto.data.full_name : null,
      ...(typeof dto.data?.marketing_emails_enabled === 'boolean' ? { marketingEmailsEnabled: dto.data.marketing_emails_enabled } : {}),
    });
    const confirmation = identity.email ? this.emailChanges.pending(user, identity.email) : undefined;
    await this.save();
    // The sign-up stands without its mail, as when SMTP fails: the dashboard offers a resend.
    if (confirmation && (await this.unasked.allow('confirm', [confirmation.newEmail]))) await this.emailChanges.notifyNewAccount(confirmation);
    else if (confirmation) this.logger.warn(`no confirmation mailed to new account ${user.id}: its address has had its fill of unasked mail`);
    return this.tokens.start(user, profile);
  }

  async signInWithPassword(dto: CredentialsDto): Promise<SessionView> {
    const identity = identityOf(dto);
    const user = await this.em.findOne(User, identity.email ? { email: identity.email } : { phone: identity.phone ?? '' });
    const valid = await verify(user?.passwordHash ?? DUMMY_HASH, identity.password);
    if (!user || !user.passwordHash || !valid) throw new BadRequestException(AuthMessages.invalidCredentials);
    return this.tokens.start(user, await this.profileOf(user));
  }

  /**
   * Signs in with a Google identity: the known account, an account linked by verified e-mail, or a new one.
   * Linking an account whose address was never verified also ends its password and sessions: whoever registered
   * the address first may not have been its owner, and Google has just shown who is.
   */
  async signInWithGoogle(google: { subject: string; email?: string; emailVerified: boolean; name?: string }): Promise<SessionView> {
    let user = await this.em.findOne(User, { googleSubject: google.subject });
    if (!user && google.email) {
      const existing = await this.em.findOne(User, { email: normalizeEmail(google.email) });
      if (existing) {
        if (!google.emailVerified) throw new UnauthorizedException(AuthMessages.googleEmailUnverified);
        if (!existing.emailVerified) await this.takeOverUnverified(existing);
        existing.googleSubject = google.subject;
        existing.emailVerified = true;
        user = existing;
      }
    }
    if (!user) {
      ({ user } = await createAccount(this.em, {
        email: google.email ? normalizeEmail(google.email) : null,
        provider: 'google',
        googleSubject: google.subject,
        emailVerified: google.emailVerified,
        fullName: google.name ?? null,
      }));
    }
    await this.em.flush();
    return this.tokens.start(user, await this.profileOf(user));
  }

  private async takeOverUnverified(user: User): Promise<void> {
    user.passwordHash = null;
    user.pendingEmail = null;
    user.pendingEmailTokenHash = null;
    user.pendingEmailExpiresAt = null;
    (await this.profileOf(user)).authProvider = 'google';
    await this.tokens.revokeAllOf(user.id, 'unverified account claimed through Google');
  }

  userOf(userId: string): Promise<User> {
    return this.em.findOneOrFail(User, { id: userId });
  }

  async getUser(userId: string): Promise<UserView> {
    const user = await this.em.findOneOrFail(User, { id: userId });
    return toUserView(user, await this.profileOf(user));
  }

  /**
   * Changing the password or the e-mail needs the current password or a mailed code (see ReauthenticationService);
   * a new e-mail waits until the link sent to it is followed. A new password ends every other session.
   */
  async updateUser(caller: AuthUser, dto: UpdateUserDto): Promise<UserView> {
    const user = await this.em.findOneOrFail(User, { id: caller.id });
    const profile = await this.profileOf(user);
    const requested = dto.email === undefined ? undefined : normalizeEmail(dto.email);
    const newEmail = requested !== undefined && requested !== user.email ? requested : undefined;
    const newPassword = dto.password;
    if (newPassword !== undefined) assertStrongPassword(newPassword, user.email ?? newEmail);
    if (newEmail !== undefined || newPassword !== undefined) await this.reauthentication.check(user, dto);

    const emailChange = newEmail === undefined ? undefined : await this.emailChanges.begin(user, newEmail);
    // Nothing changes unless both the new address and the old one (when it is told) have room for the messages.
    if (emailChange) await this.unasked.take('email-change', [emailChange.newEmail, ...(emailChange.oldEmail ? [emailChange.oldEmail] : [])]);
    if (newPassword !== undefined) Object.assign(user, { passwordHash: await hashPassword(newPassword), passwordChangeRequired: false });
    if (dto.data?.full_name !== undefined) profile.fullName = dto.data.full_name;
    await this.save();
    if (newPassword !== undefined) await this.tokens.revokeAllOf(user.id, 'password changed', caller.sessionId);
    if (emailChange) await this.emailChanges.notify(emailChange);
    return toUserView(user, profile);
  }

  async verifyEmail(token: string): Promise<UserView> {
    const { user, profile } = await this.emailChanges.confirm(token);
    await this.save();
    await this.tokens.claim(user.id);
    return toUserView(user, profile);
  }

  /** Mails the confirmation link again: to a pending new address, or to the account's own unverified one. */
  async resendConfirmation(caller: AuthUser): Promise<{ sent: boolean; message: string }> {
    const user = await this.em.findOneOrFail(User, { id: caller.id });
    const address = user.pendingEmail ?? (user.emailVerified ? null : user.email);
    if (!address) return { sent: false, message: AuthMessages.alreadyVerified };
    await this.rateLimit.consumeAttempt([`mail:${user.id}`]);
    // Counted before a new link replaces the earlier one, so a refusal leaves the earlier link working.
    await this.unasked.take('resend', [address]);
    const confirmation = this.emailChanges.pending(user, address);
    await this.save();
    if (address === user.email) await this.emailChanges.notifyNewAccount(confirmation, true);
    else await this.emailChanges.notify(confirmation, true);
    return { sent: true, message: AuthMessages.verificationSent };
  }

  private async save(): Promise<void> {
    try {
      await this.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new UnprocessableEntityException(AuthMessages.alreadyRegistered);
      throw error;
    }
  }

  private profileOf(user: User): Promise<Profile> {
    return this.em.findOneOrFail(Profile, { user: user.id });
  }
}
