import { CreditMessages, ELITE_FEE_INCLUDES, formatAmount, offerPrice, PRODUCTS, SubscriptionMessages, toCents } from '../../../../libs/domain/index.ts';
import { CheckoutButton, CheckoutError } from '../../checkout/CheckoutButton.tsx';
import { useSubscription } from '../../checkout/subscription.ts';
import { useCheckout } from '../../checkout/useCheckout.ts';
import { Spinner } from '../../components/Spinner.tsx';

/**
 * The Account Status card: every purchase shows here — the Elite Service (paid, and its open requests), the book
 * credits the AI Book Generator bought and what they are for — and what the author's books sold in the shop. The
 * spec's "No active subscription" line is for an account that has bought nothing.
 */
export function AccountStatus() {
  const subscription = useSubscription();
  const checkout = useCheckout();
  return (
    <section className="card status-card" aria-labelledby="account-status">
      <h2 id="account-status">Account Status</h2>
      {subscription.isPending ? (
        <Spinner label="Loading your account…" />
      ) : subscription.isError ? (
        <p className="error-text" role="alert">{subscription.error.message}</p>
      ) : (
        <>
          {subscription.data.subscription_status === 'active' ? (
            <p><strong>{SubscriptionMessages.active}</strong> — {subscription.data.product_name}</p>
          ) : subscription.data.purchases > 0 ? (
            <p><strong>{SubscriptionMessages.purchases(subscription.data.purchases)}</strong></p>
          ) : (
            <p>
              <strong>{SubscriptionMessages.none}</strong>
              <br />
              <span className="muted">{SubscriptionMessages.hint}</span>
            </p>
          )}
          {subscription.data.shop_sales > 0 && <p>{SubscriptionMessages.shopSales(subscription.data.shop_sales, formatAmount(toCents(subscription.data.shop_earnings), 'USD'))}</p>}
          {(subscription.data.subscription_status === 'active' || subscription.data.elite_requests > 0) && (
            <p>{PRODUCTS.eliteService.name}: {SubscriptionMessages.eliteRequests(subscription.data.elite_requests)}</p>
          )}
          {subscription.data.subscription_status !== 'active' && (
            <p>
              <CheckoutButton checkout={checkout} product="elite-service" className="button button-accent button-small">
                {PRODUCTS.eliteService.name} - {offerPrice('elite-service')}
              </CheckoutButton>
              <br />
              <span className="muted">{ELITE_FEE_INCLUDES}</span>
            </p>
          )}
          <p>
            <strong>{CreditMessages.held(subscription.data.book_credits)}</strong>
            <br />
            <span className="muted">{subscription.data.book_credits > 0 && checkout.unavailable('ai-book-generator') ? CreditMessages.waiting : CreditMessages.what}</span>
          </p>
          {subscription.data.book_credits === 0 && (
            <CheckoutButton checkout={checkout} product="ai-book-generator" className="button button-secondary button-small">
              Buy the {PRODUCTS.aiBookGenerator.name} - {offerPrice('ai-book-generator')}
            </CheckoutButton>
          )}
          <CheckoutError checkout={checkout} />
        </>
      )}
    </section>
  );
}
