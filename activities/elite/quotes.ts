import type { MikroORM } from '@mikro-orm/core';
import { EliteQuote } from '../../libs/db/index.ts';
import type { EliteQuoteRecord } from '../../libs/domain/index.ts';
import type { EliteActivities } from './types.ts';

export function createEliteQuoteActivities({ orm }: { orm: MikroORM }): Pick<EliteActivities, 'saveEliteQuote' | 'closeEliteQuote'> {
  return {
    /** Stores the quote (once by its id) and supersedes the request's other open quote, in one transaction. */
    async saveEliteQuote(requestId: string, quote: EliteQuoteRecord): Promise<void> {
      await orm.em.fork().transactional(async (em) => {
        await em.nativeUpdate(EliteQuote, { request: requestId, status: 'open', id: { $ne: quote.id } }, { status: 'superseded' });
        await em
          .getConnection()
          .execute(
            `insert into elite_quotes (id, request_id, amount_cents, currency, copies, timeline, includes, message, sent_by, sent_at, valid_until, status)
             values (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, 'open') on conflict (id) do nothing`,
            [quote.id, requestId, quote.amountCents, quote.currency, quote.copies, quote.timeline, JSON.stringify(quote.includes), quote.message, quote.sentBy, new Date(quote.sentAt), new Date(quote.validUntil)],
            'run',
            em.getTransactionContext(),
          );
      });
    },

    /** An open quote is accepted, declined or expires; an accepted one expires when it is not paid in time. */
    async closeEliteQuote(quoteId: string, status: 'accepted' | 'declined' | 'expired'): Promise<void> {
      const from = status === 'expired' ? ['open', 'accepted'] : ['open'];
      await orm.em.fork().nativeUpdate(EliteQuote, { id: quoteId, status: { $in: from as EliteQuote['status'][] } }, { status });
    },
  };
}
