import type { ReactNode } from 'react';
import { CheckoutMessages, type ProductId } from '../../../libs/domain/index.ts';
import type { Checkout } from './useCheckout.ts';

/** A button that buys one offer; it reads 'Processing...' while its checkout starts, and waits while any other does. */
export function CheckoutButton({ checkout, product, className = 'button', children }: { checkout: Checkout; product: ProductId; className?: string; children: ReactNode }) {
  return (
    <button type="button" className={className} disabled={checkout.pending !== null} aria-busy={checkout.pending === product} onClick={() => void checkout.start(product)}>
      {checkout.pending === product ? CheckoutMessages.processing : children}
    </button>
  );
}

/** The reason the last checkout did not start, if it did not. */
export function CheckoutError({ checkout }: { checkout: Checkout }) {
  return checkout.error ? <p className="error-banner" role="alert">{checkout.error}</p> : null;
}
