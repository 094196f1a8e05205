import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { hash } from '@node-rs/argon2';
import type { AuthProvider } from '../domain/index.ts';
import { Profile } from './entities/profile.ts';
import { User } from './entities/user.ts';

/** argon2id (the library's default algorithm) with OWASP's recommended memory and time cost. */
export const hashPassword = (password: string) => hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });

export interface NewAccount {
  email: string | null;
  phone?: string | null;
  password?: string | null;
  provider: AuthProvider;
  googleSubject?: string | null;
  emailVerified?: boolean;
  fullName?: string | null;
  marketingEmailsEnabled?: boolean;
}

/** The one way an account comes to be: a user and its profile with the spec's defaults, persisted on the next flush. */
export async function createAccount(em: EntityManager, account: NewAccount): Promise<{ user: User; profile: Profile }> {
  const now = new Date();
  const user = em.create(User, {
    id: randomUUID(),
    email: account.email,
    phone: account.phone ?? null,
    passwordHash: account.password ? await hashPassword(account.password) : null,
    emailVerified: account.emailVerified ?? false,
    googleSubject: account.googleSubject ?? null,
    createdAt: now,
    updatedAt: now,
  });
  const profile = em.create(Profile, {
    user,
    email: account.email,
    phone: account.phone ?? null,
    authProvider: account.provider,
    fullName: account.fullName?.slice(0, 200) ?? null,
    marketingEmailsEnabled: account.marketingEmailsEnabled ?? true,
    createdAt: now,
    updatedAt: now,
  });
  return { user, profile };
}
