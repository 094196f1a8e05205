import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { SessionView } from '../../../libs/contracts/index.ts';
import { AuthMessages, isEmailAddress, newPasswordProblem } from '../../../libs/domain/index.ts';
import { apiFetch } from '../api/client.ts';
import { sessionStore } from '../auth/session.ts';
import { PasswordField } from './AuthForm.tsx';

/** /recover: "Forgot password?" asks for the e-mail; the mailed link (/recover?token=…) sets the new password. */
export function Recover() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="auth-page">
      <main className="auth-card">
        <Link className="brand" to="/">Pressroom</Link>
        {token ? <NewPassword token={token} /> : <AskForLink />}
        <p className="switch">Remembered it? <Link to="/login">Sign in</Link></p>
      </main>
    </div>
  );
}

function AskForLink() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isEmailAddress(email)) return setError(AuthMessages.invalidEmail);
    setError(null);
    setBusy(true);
    try {
      setSent((await apiFetch<{ message: string }>('/api/auth/recover', { method: 'POST', body: JSON.stringify({ email: email.trim() }), token: null })).message);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1>Forgot your password?</h1>
      {sent ? (
        <p className="notice" role="status">{sent}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <p>Enter the e-mail address of your account and we will send you a link to set a new password.</p>
          {error && <div className="error-banner" role="alert">{error}</div>}
          <div className="field">
            <label htmlFor="email">Email</label>
            <input id="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="email" />
          </div>
          <button type="submit" className="button button-block" disabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Link'}
          </button>
        </form>
      )}
    </>
  );
}

function NewPassword({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirm);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      sessionStore.set(await apiFetch<SessionView>('/api/auth/recover/confirm', { method: 'POST', body: JSON.stringify({ token, password }), token: null }));
      void navigate('/dashboard', { replace: true });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  }

  return (
    <>
      <h1>Set a new password</h1>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p>Choose a new password. Every other session of your account will be signed out.</p>
        {error && <div className="error-banner" role="alert">{error}</div>}
        <PasswordField id="password" label="New password" value={password} onChange={setPassword} hint="Must be at least 8 characters long" autoComplete="new-password" />
        <PasswordField id="confirm" label="Confirm new password" value={confirm} onChange={setConfirm} autoComplete="new-password" />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? 'Saving...' : 'Set New Password'}
        </button>
      </form>
    </>
  );
}
