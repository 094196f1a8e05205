import { Stripe, type CheckoutDeps } from '../../libs/payments/index.ts';

/** A session's line items as the mismatch check reads them: the `line_items` an expanded session carries. */
export interface StatedLineItems {
  data: { quantity: number | null; amount_total: number; price: { id: string } | null }[];
}

/**
 * Stripe's events leave a Checkout Session's line items out, so with Stripe itself they are read from its API. Local
 * test mode has none worth reading (stripe-mock answers fixtures; its sessions are paid only by this server's page).
 * A session Stripe does not know has no line items; other failures throw, and the activity is retried.
 */
export async function sessionLineItems(checkout: CheckoutDeps, sessionId: string): Promise<StatedLineItems | undefined> {
  if (checkout.mode !== 'stripe' || !checkout.stripe) return undefined;
  try {
    // Two are enough to see that there is more than the one Pressroom set.
    const items = await checkout.stripe.checkout.sessions.listLineItems(sessionId, { limit: 2 });
    return { data: items.data.map((item) => ({ quantity: item.quantity, amount_total: item.amount_total, price: item.price ? { id: item.price.id } : null })) };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return { data: [] };
    throw error;
  }
}
