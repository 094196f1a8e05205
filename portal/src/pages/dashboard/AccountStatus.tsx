import { offerPrice, PRODUCTS, SubscriptionMessages } from '../../../../libs/domain/index.ts';
import { CheckoutButton, CheckoutError } from '../../checkout/CheckoutButton.tsx';
import { useSubscription } from '../../checkout/subscription.ts';
import { useCheckout } from '../../checkout/useCheckout.ts';
import { Spinner } from '../../components/Spinner.tsx';

/** The Account Status card: the Elite subscription, and the book credits the AI Book Generator bought. */
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
          ) : (
            <p>
              <strong>{SubscriptionMessages.none}</strong>
              <br />
              <span className="muted">{SubscriptionMessages.hint}</span>
              <br />
              <CheckoutButton checkout={checkout} product="elite-service" className="button button-accent button-small">
                {PRODUCTS.eliteService.name} - {offerPrice('elite-service')}
              </CheckoutButton>
            </p>
          )}
          <p>
            <strong>Book credits: {subscription.data.book_credits}</strong>
            <br />
            <span className="muted">Each credit writes one book with a paid AI model; the mock provider stays free.</span>
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
