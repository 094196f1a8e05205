import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { UserView } from '../../../libs/contracts/index.ts';
import { AuthMessages, isEmailAddress, newPasswordProblem } from '../../../libs/domain/index.ts';
import { apiFetch } from '../api/client.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { Spinner } from '../layout/Spinner.tsx';
import { PasswordField } from './AuthForm.tsx';
import { useAccount } from './dashboard/ConfirmEmailBanner.tsx';

/**
 * /account: change the e-mail or the password. Either change asks for proof first: the current password, or a
 * code mailed to the account's address (the only way for an account without a password, e.g. Google's).
 */
export function Account() {
  const { user } = useAuth();
  const account = useAccount(user?.id);
  return (
    <div className="page">
      <header className="static-header">
        <Link to="/dashboard">← Back to My Books</Link>
      </header>
      <main id="main" className="static-main">
        <h1>Your account</h1>
        {account.isPending ? (
          <Spinner label="Loading your account…" />
        ) : account.isError ? (
          <p className="error-banner" role="alert">{account.error.message}</p>
        ) : (
          <AccountForm account={account.data} onSaved={() => void account.refetch()} />
        )}
      </main>
    </div>
  );
}

function AccountForm({ account, onSaved }: { account: UserView; onSaved: () => void }) {
  const hasPassword = account.app_metadata.providers.includes('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [useCode, setUseCode] = useState(!hasPassword);
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function sendCode() {
    setError(null);
    try {
      setCodeSent((await apiFetch<{ message: string }>('/api/auth/reauthenticate')).message);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    const problem =
      (!email.trim() && !password ? 'Enter a new e-mail or a new password' : null) ??
      (email.trim() && !isEmailAddress(email) ? AuthMessages.invalidEmail : null) ??
      (password || confirm ? newPasswordProblem(password, confirm) : null) ??
      ((useCode ? code.trim() : currentPassword) ? null : AuthMessages.currentPasswordRequired);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const proof = useCode ? { nonce: code.trim() } : { current_password: currentPassword };
      const changed = await apiFetch<UserView>('/api/auth/user', {
        method: 'PUT',
        body: JSON.stringify({ ...(email.trim() ? { email: email.trim() } : {}), ...(password ? { password } : {}), ...proof }),
      });
      setSaved(
        [
          changed.new_email ? `We sent a link to ${changed.new_email}: your e-mail changes once you open it.` : '',
          password ? 'Your password is changed, and every other session is signed out.' : '',
        ].filter(Boolean).join(' '),
      );
      setEmail('');
      setPassword('');
      setConfirm('');
      setCurrentPassword('');
      setCode('');
      setCodeSent(null);
      onSaved();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card account-form" onSubmit={(e) => void submit(e)} noValidate>
      <p>
        E-mail: <strong>{account.email ?? '—'}</strong>
        {account.email && !account.email_confirmed && ' (not confirmed yet)'}
        {account.new_email && <> — waiting for confirmation: <strong>{account.new_email}</strong></>}
      </p>
      {error && <div className="error-banner" role="alert">{error}</div>}
      {saved && <p className="notice" role="status">{saved}</p>}
      <div className="field">
        <label htmlFor="new-email">New e-mail</label>
        <input id="new-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
      </div>
      <PasswordField id="new-password" label="New password" value={password} onChange={setPassword} hint="Must be at least 8 characters long" autoComplete="new-password" required={false} />
      <PasswordField id="confirm-password" label="Confirm new password" value={confirm} onChange={setConfirm} autoComplete="new-password" required={false} />
      <fieldset className="field">
        <legend>Confirm it is you</legend>
        {useCode ? (
          <>
            <button type="button" className="button button-secondary button-small" onClick={() => void sendCode()}>
              {codeSent ? 'Send another code' : 'E-mail me a code'}
            </button>
            {codeSent && <p role="status">{codeSent}</p>}
            <label htmlFor="code">Code from the e-mail</label>
            <input id="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
            {hasPassword && (
              <button type="button" className="link-button" onClick={() => setUseCode(false)}>Use my current password instead</button>
            )}
          </>
        ) : (
          <>
            <PasswordField id="current-password" label="Current password" value={currentPassword} onChange={setCurrentPassword} autoComplete="current-password" required={false} />
            <button type="button" className="link-button" onClick={() => setUseCode(true)}>Forgot it? E-mail me a code instead</button>
          </>
        )}
      </fieldset>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Saving...' : 'Save Changes'}
      </button>
    </form>
  );
}
