import type { EntityManager } from '@mikro-orm/core';
import { deliveryOf, mailPreferences, MUST_KNOW, type MailClass } from '../../libs/domain/index.ts';
import type { MailMessage } from '../../libs/mail/index.ts';

/** How one message reaches its recipient: at once, kept for the digest of the account it is addressed to, or not at all. */
export type MailRoute = { how: 'now' } | { how: 'digest'; userId: string } | { how: 'off' };

const run = <T>(em: EntityManager, sql: string, params: unknown[]) => em.getConnection().execute<T[]>(sql, params, 'all');

/**
 * The route a message of `mailClass` takes: must-know mail, and mail to an address with no account (a shop buyer,
 * the support address), goes at once; anything else follows the account's choices (libs/domain/mail-preferences.ts).
 */
export async function routeOf(em: EntityManager, to: string, mailClass: MailClass): Promise<MailRoute> {
  if (mailClass === MUST_KNOW) return { how: 'now' };
  const [account] = await run<{ id: string; choices: Record<string, unknown> | null }>(
    em,
    `select u.id, mp.choices from users u left join mail_preferences mp on mp.user_id = u.id where lower(u.email) = lower(?) limit 1`,
    [to],
  );
  if (!account) return { how: 'now' };
  const how = deliveryOf(mailClass, mailPreferences(account.choices));
  return how === 'digest' ? { how, userId: account.id } : { how };
}

/** Keeps the message for the account's next digest, once by its key; false when it was kept already. */
export async function queueForDigest(em: EntityManager, key: string, userId: string, category: MailClass, message: MailMessage): Promise<boolean> {
  const inserted = await run<{ key: string }>(
    em,
    `insert into mail_digest_items (key, user_id, category, subject, text, queued_at) values (?, ?, ?, ?, ?, now()) on conflict (key) do nothing returning key`,
    [key, userId, category, message.subject, message.text],
  );
  return inserted.length > 0;
}

/** Whether a message of this key is already kept for a digest (it is then never sent on its own as well). */
export async function isQueued(em: EntityManager, key: string): Promise<boolean> {
  const [found] = await run<{ key: string }>(em, `select key from mail_digest_items where key = ?`, [key]);
  return Boolean(found);
}
