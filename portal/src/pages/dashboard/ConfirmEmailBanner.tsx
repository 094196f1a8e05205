import { useMutation, useQuery } from '@tanstack/react-query';
import type { UserView } from '../../../../libs/contracts/index.ts';
import { apiFetch } from '../../api/client.ts';
import { useAuth } from '../../components/AuthContext.tsx';

export const useAccount = (userId: string | undefined) => useQuery({ queryKey: ['auth-user', userId], queryFn: () => apiFetch<UserView>('/api/auth/user') });

/** Shown until the account's e-mail is confirmed: writing works, buying and ordering prints wait for it. */
export function ConfirmEmailBanner({ userId }: { userId: string | undefined }) {
  const account = useAccount(userId);
  const { user } = useAuth();
  const resend = useMutation({ mutationFn: () => apiFetch<{ sent: boolean; message: string }>('/api/auth/resend', { method: 'POST' }), onSuccess: () => void account.refetch() });
  // What the session knows decides at once, so the banner does not appear late and push the page down.
  const known = account.data ?? (account.isPending && user?.id === userId ? user : undefined);
  if (!known || known.email_confirmed || !known.email) return null;
  return (
    <section className="notice notice-warning confirm-email" aria-labelledby="confirm-email">
      <h2 id="confirm-email">Confirm your e-mail address</h2>
      <p>
        We sent a link to <strong>{known.email}</strong>. Open it to confirm your address. Until then you can write books, but not buy or order
        prints.
      </p>
      <button type="button" className="button button-secondary button-small" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending...' : 'Resend the link'}
      </button>
      {resend.data && <p role="status">{resend.data.message}</p>}
      {resend.error && <p className="error-text" role="alert">{resend.error.message}</p>}
    </section>
  );
}
