// Purchases set up with SQL, for tests only: the real path is Stripe's webhook.
import { randomUUID } from 'node:crypto';
import { PRODUCTS, productOffer, type PaymentStatus, type ProductId } from '../libs/domain/index.ts';
import { sql } from './sql.ts';

export interface TestPayment {
  /** Null: bought signed out. */
  userId: string | null;
  email?: string | null;
  productId: ProductId;
  status?: PaymentStatus;
  priceId?: string;
  /** When it was paid (default now, for a paid payment). */
  paidAt?: Date;
}

/** Inserts a payment as the webhook leaves it: a paid one gives its buyer's account (if any) a credit or the Elite status. Returns its id. */
export async function insertPayment(databaseUrl: string, payment: TestPayment): Promise<string> {
  const id = randomUUID();
  const status = payment.status ?? 'paid';
  const offer = productOffer(payment.productId);
  const paidAt = status === 'paid' ? (payment.paidAt ?? new Date()) : null;
  await sql(
    databaseUrl,
    `insert into payments (id, user_id, email, product_id, price_id, amount, currency, status, stripe_session_id, created_at, updated_at, paid_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10, now()), now(), $10)`,
    [id, payment.userId, payment.email ?? null, offer.id, payment.priceId ?? `price_test_${offer.id}`, offer.price * 100, offer.currency, status, `cs_test_${randomUUID()}`, paidAt],
  );
  if (status === 'paid' && offer.grants === 'book_credit') {
    await sql(databaseUrl, `insert into book_credits (id, user_id, payment_id, status, updated_at) values ($1, $2, $3, 'available', now())`, [randomUUID(), payment.userId, id]);
  }
  if (status === 'paid' && offer.grants === 'elite' && payment.userId) {
    await sql(databaseUrl, `update profiles set subscription_status = 'active' where id = $1`, [payment.userId]);
  }
  return id;
}

/** One paid AI Book Generator purchase of the user: one book on a paid provider. Returns the payment's id. */
export function grantBookCredit(databaseUrl: string, userId: string): Promise<string> {
  return insertPayment(databaseUrl, { userId, productId: PRODUCTS.aiBookGenerator.id });
}
