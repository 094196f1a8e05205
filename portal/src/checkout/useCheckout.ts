import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CheckoutMessages, type ProductId } from '../../../libs/domain/index.ts';
import { useAuth } from '../components/AuthContext.tsx';
import { newActionKey } from '../api/client.ts';
import { createCheckoutSession, fetchCheckoutProducts, PRODUCTS_QUERY_KEY, rememberProductType } from '../api/checkout.ts';

export interface Checkout {
  /** The product whose checkout is starting (its button reads 'Processing...'); every checkout button waits meanwhile. */
  pending: ProductId | null;
  error: string | null;
  start(product: ProductId): Promise<void>;
  /** Why this server cannot sell the product (its button is disabled and says so), or null. */
  unavailable(product: ProductId): string | null;
}

/** Starts a Stripe Checkout for one of the offers and sends the browser to it: idle, loading, error, redirect. */
export function useCheckout(): Checkout {
  const queryClient = useQueryClient();
  const { session } = useAuth();
  const [pending, setPending] = useState<ProductId | null>(null);
  const [error, setError] = useState<string | null>(null);
  const keys = useRef(new Map<ProductId, string>());
  // What the server sells: an offer it cannot fulfil here is shown as such, not sold.
  const products = useQuery({ queryKey: PRODUCTS_QUERY_KEY, queryFn: fetchCheckoutProducts });
  const unavailable = (productId: ProductId) => {
    const product = products.data?.find((p) => p.id === productId);
    return product && !product.available ? (product.unavailableReason ?? CheckoutMessages.failed) : null;
  };

  // Back from the payment page through the browser's page cache: the page is idle again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  async function start(productId: ProductId) {
    // Buy clicked again after a failure is the same intent: its key is kept until a session opens.
    const key = keys.current.get(productId) ?? newActionKey();
    keys.current.set(productId, key);
    setPending(productId);
    setError(null);
    const fail = (message: string) => {
      setError(message);
      setPending(null);
    };
    let products;
    try {
      products = await queryClient.fetchQuery({ queryKey: PRODUCTS_QUERY_KEY, queryFn: fetchCheckoutProducts });
    } catch (problem) {
      return fail(problem instanceof Error && problem.message ? problem.message : CheckoutMessages.failed);
    }
    const product = products.find((p) => p.id === productId);
    if (!product) return fail(CheckoutMessages.failed);
    if (!product.available) return fail(product.unavailableReason ?? CheckoutMessages.failed);
    rememberProductType(product.id, sessionStorage);
    const outcome = await createCheckoutSession(
      { priceId: product.priceId, mode: product.mode, successUrl: `${window.location.origin}/success`, cancelUrl: window.location.href },
      session?.access_token,
      key,
    );
    if ('error' in outcome) return fail(outcome.error);
    keys.current.delete(productId);
    window.location.assign(outcome.url);
  }

  return { pending, error, start, unavailable };
}
