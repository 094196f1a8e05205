import { createHash, randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AccountToken, User, type AccountTokenPurpose } from '../../../../libs/db/index.ts';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The secrets mailed to an account's owner (reset links, re-authentication codes): kept hashed, short-lived, spent once. */
@Injectable()
export class AccountTokensService {
  constructor(private readonly em: EntityManager) {}

  /** Stores `secret` as the user's one valid token for `purpose` (an earlier unspent one stops working). */
  async issue(user: User, purpose: AccountTokenPurpose, secret: string, ttlMs: number): Promise<void> {
    const now = new Date();
    await this.em.nativeUpdate(AccountToken, { user: user.id, purpose, usedAt: null }, { usedAt: now });
    this.em.create(AccountToken, { id: randomUUID(), user, purpose, tokenHash: sha256(secret), createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
    await this.em.flush();
  }

  /** The user whose unspent, unexpired token `secret` stands for, or null; the token stays as it is. */
  async holder(purpose: AccountTokenPurpose, secret: string): Promise<string | null> {
    const token = await this.em.findOne(AccountToken, { purpose, tokenHash: sha256(secret), usedAt: null, expiresAt: { $gt: new Date() } });
    return token?.user.id ?? null;
  }

  /** Spends the token `secret` stands for, atomically (two concurrent uses cannot both succeed); its user's id, or null. */
  async spend(purpose: AccountTokenPurpose, secret: string, userId?: string): Promise<string | null> {
    const where = { purpose, tokenHash: sha256(secret), usedAt: null, expiresAt: { $gt: new Date() }, ...(userId ? { user: userId } : {}) };
    const token = await this.em.findOne(AccountToken, where);
    if (!token) return null;
    const spent = await this.em.nativeUpdate(AccountToken, { id: token.id, usedAt: null }, { usedAt: new Date() });
    return spent === 1 ? token.user.id : null;
  }
}
