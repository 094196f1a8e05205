import { useId, type ReactNode } from 'react';
import { CheckoutMessages, type ProductId } from '../../../libs/domain/index.ts';
import type { Checkout } from './useCheckout.ts';

/**
 * A button that buys one offer; it reads 'Processing...' while its checkout starts, and waits while any other does.
 * An offer this server cannot fulfil (the generator without a real AI) is disabled, with the reason beside it.
 */
export function CheckoutButton({ checkout, product, className = 'button', children }: { checkout: Checkout; product: ProductId; className?: string; children: ReactNode }) {
  const reasonId = useId();
  const reason = checkout.unavailable(product);
  const button = (
    <button
      type="button"
      className={className}
      disabled={checkout.pending !== null || reason !== null}
      aria-busy={checkout.pending === product}
      aria-describedby={reason ? reasonId : undefined}
      onClick={() => void checkout.start(product)}
    >
      {checkout.pending === product ? CheckoutMessages.processing : children}
    </button>
  );
  if (!reason) return button;
  return (
    <span className="checkout-unavailable">
      {button}
      <small id={reasonId} className="muted">{reason}</small>
    </span>
  );
}

/** The reason the last checkout did not start, if it did not. */
export function CheckoutError({ checkout }: { checkout: Checkout }) {
  return checkout.error ? <p className="error-banner" role="alert">{checkout.error}</p> : null;
}
