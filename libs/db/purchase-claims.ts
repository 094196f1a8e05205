import type { EntityManager } from '@mikro-orm/core';
import { productsGranting } from '../domain/index.ts';

/**
 * What was bought without an account (payments.user_id null) becomes the account's whose e-mail the checkout gave:
 * the payments, their book credits, Elite project details sent with them, and the Elite entitlement of a paid Elite payment. Only a verified address
 * claims: the checkout takes any e-mail, so an unverified account could otherwise collect someone else's purchase.
 * Credits of the user's payments that are still unowned (granted while the claim ran) are taken too. One statement,
 * so a claim is whole or not at all; returns how many payments it claimed.
 */
export async function claimPurchases(em: EntityManager, userId: string): Promise<number> {
  const rows = await em.getConnection().execute<{ payments: number }[]>(
    `with claimed as (
       update payments p set user_id = u.id, updated_at = now()
       from users u
       where u.id = ? and u.email_verified and p.user_id is null and lower(trim(p.email)) = lower(u.email)
       returning p.id, p.product_id, p.status
     ), credits as (
       update book_credits set user_id = ?, updated_at = now()
       where user_id is null and payment_id in (select id from claimed union all select id from payments where user_id = ?)
     ), details as (
       update elite_project_details set user_id = ? where user_id is null and payment_id in (select id from claimed)
     ), elite as (
       update profiles set subscription_status = 'active', updated_at = now()
       where id = ? and exists (select 1 from claimed where status = 'paid' and product_id in (?))
     )
     select count(*)::int as payments from claimed`,
    [userId, userId, userId, userId, userId, productsGranting('elite')],
    'all',
    em.getTransactionContext(),
  );
  return rows[0]?.payments ?? 0;
}
