import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.ts';

const ACCOUNT_TOKEN_PURPOSES = ['recover', 'reauthenticate'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * A secret mailed to the account's owner: a password-reset link (`recover`) or a re-authentication code
 * (`reauthenticate`). Stored only as its SHA-256, valid until `expiresAt`, and spent once (`usedAt`).
 */
export const AccountTokenSchema = defineEntity({
  name: 'AccountToken',
  tableName: 'account_tokens',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    purpose: p.enum(ACCOUNT_TOKEN_PURPOSES),
    tokenHash: p.string().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export class AccountToken extends AccountTokenSchema.class {}
AccountTokenSchema.setClass(AccountToken);
