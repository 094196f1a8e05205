import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { apiFetch } from '../api/client.ts';

type State = { step: 'verifying' } | { step: 'done'; email: string } | { step: 'failed'; message: string };

/** /verify-email?token=…: the link mailed to a new account's or a new address; confirming it makes that address the account's verified e-mail. */
export function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'verifying' });
  // The token works once: React's development double effect must not spend it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) return setState({ step: 'failed', message: 'This link has no verification token. Open the link from the e-mail again.' });
    apiFetch<{ email: string }>('/api/auth/verify', { method: 'POST', body: JSON.stringify({ token }), token: null }).then(
      (user) => setState({ step: 'done', email: user.email }),
      (error: Error) => setState({ step: 'failed', message: error.message }),
    );
  }, [token]);

  return (
    <div className="page">
      <header className="static-header">
        <Link to="/">← Back to Home</Link>
      </header>
      <main id="main" className="static-main">
        <h1>Confirm your e-mail</h1>
        {state.step === 'verifying' && <p role="status">Confirming your e-mail address…</p>}
        {state.step === 'done' && (
          <div className="card" role="status">
            <p>Your account's e-mail is now <strong>{state.email}</strong>.</p>
            <Link className="button" to="/dashboard">Go to Dashboard</Link>
          </div>
        )}
        {state.step === 'failed' && <p className="error-banner" role="alert">{state.message}</p>}
      </main>
    </div>
  );
}
