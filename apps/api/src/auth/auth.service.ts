import { randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, UnauthorizedException, UnprocessableEntityException } from '@nestjs/common';
import { createAccount, hashPassword, Profile, User } from '../../../../libs/db/index.ts';
import { AuthMessages, normalizeEmail, weakPasswordReasons } from '../../../../libs/domain/index.ts';
import type { CredentialsDto, SignUpDto, UpdateUserDto } from './auth.dto.ts';
import type { SessionView, UserView } from './auth.types.ts';
import { SessionTokensService, toUserView } from './session-tokens.service.ts';

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

export function assertStrongPassword(password: string): void {
  const reasons = weakPasswordReasons(password);
  if (reasons.length === 0) return;
  throw new UnprocessableEntityException({
    message: reasons.includes('length') ? AuthMessages.passwordTooShort : AuthMessages.weakPassword,
    details: { code: 'weak_password', reasons },
  });
}

@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly tokens: SessionTokensService,
  ) {}

  async signUp(dto: SignUpDto): Promise<SessionView> {
    const identity = identityOf(dto);
    assertStrongPassword(identity.password);
    const { user, profile } = await createAccount(this.em, {
      email: identity.email ?? null,
      phone: identity.phone ?? null,
      password: identity.password,
      provider: 'email',
      fullName: typeof dto.data?.full_name === 'string' ? dto.data.full_name : null,
      ...(typeof dto.data?.marketing_emails_enabled === 'boolean' ? { marketingEmailsEnabled: dto.data.marketing_emails_enabled } : {}),
    });
    try {
      await this.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new UnprocessableEntityException(AuthMessages.alreadyRegistered);
      throw error;
    }
    return this.tokens.start(user, profile);
  }

  async signInWithPassword(dto: CredentialsDto): Promise<SessionView> {
    const identity = identityOf(dto);
    const user = await this.em.findOne(User, identity.email ? { email: identity.email } : { phone: identity.phone ?? '' });
    const valid = await verify(user?.passwordHash ?? DUMMY_HASH, identity.password);
    if (!user || !user.passwordHash || !valid) throw new BadRequestException(AuthMessages.invalidCredentials);
    return this.tokens.start(user, await this.profileOf(user));
  }

  /** Signs in with a Google identity: the known account, an account linked by verified e-mail, or a new one. */
  async signInWithGoogle(google: { subject: string; email?: string; emailVerified: boolean; name?: string }): Promise<SessionView> {
    let user = await this.em.findOne(User, { googleSubject: google.subject });
    if (!user && google.email) {
      const email = normalizeEmail(google.email);
      const existing = await this.em.findOne(User, { email });
      if (existing) {
        // Linking an existing account is safe only when Google vouches for the address.
        if (!google.emailVerified) throw new UnauthorizedException('This e-mail is registered already; sign in with your password (Google has not verified this address).');
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

  async getUser(userId: string): Promise<UserView> {
    const user = await this.em.findOneOrFail(User, { id: userId });
    return toUserView(user, await this.profileOf(user));
  }

  async updateUser(userId: string, sessionId: string, dto: UpdateUserDto): Promise<UserView> {
    const user = await this.em.findOneOrFail(User, { id: userId });
    const profile = await this.profileOf(user);
    if (dto.email) {
      user.email = normalizeEmail(dto.email);
      user.emailVerified = false;
      profile.email = user.email;
    }
    if (dto.password !== undefined) {
      assertStrongPassword(dto.password);
      user.passwordHash = await hashPassword(dto.password);
      // A new password ends every other session.
      await this.tokens.revokeAllOf(user.id, 'password changed', sessionId);
    }
    if (dto.data?.full_name !== undefined) profile.fullName = dto.data.full_name;
    try {
      await this.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new UnprocessableEntityException(AuthMessages.alreadyRegistered);
      throw error;
    }
    return toUserView(user, profile);
  }

  private profileOf(user: User): Promise<Profile> {
    return this.em.findOneOrFail(Profile, { user: user.id });
  }
}
