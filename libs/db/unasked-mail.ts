import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { normalizeEmail, UNASKED_MAIL_CAPS, type UnaskedMailKind } from '../domain/index.ts';

const run = <T>(em: EntityManager, sql: string, params: unknown[]) => em.getConnection().execute<T[]>(sql, params, 'all', em.getTransactionContext());
const LONGEST_WINDOW_SECONDS = Math.max(...UNASKED_MAIL_CAPS.map((cap) => cap.windowSeconds));

/**
 * Counts one message of `kind` to each recipient against UNASKED_MAIL_CAPS, all or none. Null when they are counted;
 * otherwise nothing is counted and the answer is the milliseconds until the first recipient over a cap has room again.
 * Each address is counted under a transaction-scoped advisory lock (taken in a fixed order), so concurrent requests,
 * on any API replica, never both take an address's last place.
 */
export async function reserveUnaskedMail(em: EntityManager, kind: UnaskedMailKind, recipients: readonly string[]): Promise<number | null> {
  if (!em.isInTransaction()) return em.transactional((tx) => reserveUnaskedMail(tx, kind, recipients));
  const addresses = [...new Set(recipients.map(normalizeEmail))].sort();
  for (const address of addresses) await run(em, `select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`unasked-mail:${address}`]);
  for (const address of addresses) {
    for (const { windowSeconds, max } of UNASKED_MAIL_CAPS) {
      const [counted] = await run<{ n: number; wait_ms: number | null }>(
        em,
        `select count(*)::int as n, ceil(extract(epoch from min(sent_at) + make_interval(secs => ?) - now()) * 1000)::float8 as wait_ms
         from unasked_mails where recipient = ? and sent_at > now() - make_interval(secs => ?)`,
        [windowSeconds, address, windowSeconds],
      );
      if ((counted?.n ?? 0) >= max) return Math.max(1000, counted?.wait_ms ?? windowSeconds * 1000);
    }
  }
  for (const address of addresses) {
    await run(em, `delete from unasked_mails where recipient = ? and sent_at <= now() - make_interval(secs => ?)`, [address, LONGEST_WINDOW_SECONDS]);
    await run(em, `insert into unasked_mails (id, recipient, kind, sent_at) values (?, ?, ?, now())`, [randomUUID(), address, kind]);
  }
  return null;
}
