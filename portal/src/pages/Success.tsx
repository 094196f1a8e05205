import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ProfileView } from '../../../libs/contracts/index.ts';
import { ONESHOT_PRODUCT_TYPE, PRODUCT_TYPE_KEY, PRODUCTS, SUBSCRIPTION_REFETCH_MS, SUCCESS_CLEAR_MS, SUPPORT_EMAIL, SUPPORT_PROMISES } from '../../../libs/domain/index.ts';
import { apiFetch } from '../api/client.ts';
import { useAuth } from '../components/AuthContext.tsx';
import { fetchSubscription, subscriptionQueryKey } from '../checkout/subscription.ts';
import { StaticPage } from '../components/StaticPage.tsx';
import { EliteDetailsForm } from './success/EliteDetailsForm.tsx';

function OneShotVariant({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="card success-card" aria-labelledby="ready-to-generate">
      <h2 id="ready-to-generate">Ready to generate</h2>
      <ul>
        <li>
          {signedIn ? `Your ${PRODUCTS.aiBookGenerator.name} credit is on your account` : `Your ${PRODUCTS.aiBookGenerator.name} credit waits for your account`}: one
          complete book with a paid AI model.
        </li>
        <li>Choose a paid model in the One-Shot Generator, describe your book, and add your notes and sources.</li>
        <li>The outline, chapters, a print-ready PDF and a cover are written in one run; save the book to My Books.</li>
      </ul>
      <Link className="button" to="/one-shot">Start Generating Your Book</Link>
    </section>
  );
}

function EliteVariant({ sessionId }: { sessionId: string | null }) {
  const { user } = useAuth();
  const profile = useQuery({ queryKey: ['profile', user?.id], queryFn: () => apiFetch<ProfileView>('/api/profile'), enabled: Boolean(user) });
  return (
    <>
      <section className="card success-card" aria-labelledby="what-happens-next">
        <h2 id="what-happens-next">What happens next</h2>
        <ol>
          <li>Complete your book project details below.</li>
          <li>A confirmation e-mail arrives within {SUPPORT_PROMISES.confirmation}.</li>
          <li>Our team contacts you within {SUPPORT_PROMISES.contact}.</li>
          <li>Your draft outline and first chapters arrive within {SUPPORT_PROMISES.outline}.</li>
          <li>{SUPPORT_PROMISES.boundCopies}.</li>
        </ol>
      </section>
      <EliteDetailsForm name={profile.data?.full_name ?? ''} email={profile.data?.email ?? user?.email ?? ''} sessionId={sessionId} />
    </>
  );
}

/** /success: where Stripe Checkout returns the buyer (?session_id=…); the variant follows what they bought. */
export function Success() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  // Read once: clearing the stored type later must not switch the page under the reader.
  const [productType] = useState(() => sessionStorage.getItem(PRODUCT_TYPE_KEY));
  const userId = user?.id;

  useEffect(() => {
    if (!sessionId) return;
    // Not cancelled when the page is left: the stored type belongs to this checkout only.
    setTimeout(() => sessionStorage.removeItem(PRODUCT_TYPE_KEY), SUCCESS_CLEAR_MS);
  }, [sessionId]);

  useEffect(() => {
    if (!sessionId || !userId) return;
    // The payment's webhook may land just after the redirect: ask again shortly, so the dashboard shows the purchase.
    const timer = setTimeout(() => void queryClient.prefetchQuery({ queryKey: subscriptionQueryKey(userId), queryFn: fetchSubscription, staleTime: 0 }), SUBSCRIPTION_REFETCH_MS);
    return () => clearTimeout(timer);
  }, [sessionId, userId, queryClient]);

  return (
    <StaticPage title="Payment Successful!" lead="Thank you for your purchase. Your payment is confirmed.">
      {productType === ONESHOT_PRODUCT_TYPE ? <OneShotVariant signedIn={Boolean(user)} /> : <EliteVariant sessionId={sessionId} />}
      <div className="path-buttons">
        {user ? (
          <Link className="button button-secondary" to="/dashboard">Go to Dashboard</Link>
        ) : (
          <Link className="button button-secondary" to="/login">Sign In to Dashboard</Link>
        )}
        <a className="button button-secondary" href={`mailto:${SUPPORT_EMAIL}`}>Contact Support</a>
      </div>
      {!user && (
        <p className="muted">
          No account yet? <Link to="/signup">Create an account</Link> with the e-mail address you paid with and confirm it: your
          purchase joins your account, and your dashboard follows it from there.
        </p>
      )}
    </StaticPage>
  );
}
