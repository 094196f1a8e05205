import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { SessionView } from '../../../libs/contracts/index.ts';
import { AuthMessages, FieldMessages, isEmailAddress, newPasswordProblems, type FieldProblems } from '../../../libs/domain/index.ts';
import { apiFetch } from '../api/client.ts';
import { sessionStore } from '../api/session.ts';
import { ErrorSummary } from '../components/FieldErrors.tsx';
import { EmailField, PasswordField } from './AuthForm.tsx';

/** /recover: "Forgot password?" asks for the e-mail; the mailed link (/recover?token=…) sets the new password. */
export function Recover() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="auth-page">
      <main id="main" className="auth-card">
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
  const [problems, setProblems] = useState<FieldProblems<'email'>>({});
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const found = email.trim() ? (isEmailAddress(email) ? {} : { email: AuthMessages.invalidEmail }) : { email: FieldMessages.emailMissing };
    setProblems(found);
    if (found.email) return;
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
          <ErrorSummary errors={problems} />
          <EmailField value={email} onChange={setEmail} error={problems.email} />
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
  const [problems, setProblems] = useState<FieldProblems<'password' | 'confirm'>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = newPasswordProblems(password, confirm);
    setProblems(found);
    setError(null);
    if (Object.keys(found).length) return;
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
        <ErrorSummary errors={problems} />
        <PasswordField id="password" label="New password" value={password} onChange={setPassword} hint="Must be at least 8 characters long" autoComplete="new-password" error={problems.password} />
        <PasswordField id="confirm" label="Confirm new password" value={confirm} onChange={setConfirm} autoComplete="new-password" error={problems.confirm} />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? 'Saving...' : 'Set New Password'}
        </button>
      </form>
    </>
  );
}
