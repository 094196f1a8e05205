import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { UserView } from '../../../libs/contracts/index.ts';
import { accountChangeProblems, AuthMessages } from '../../../libs/domain/index.ts';
import { ApiError, apiFetch } from '../api/client.ts';
import { useAuth } from '../components/AuthContext.tsx';
import { apiFieldErrors, ErrorSummary, FieldError, fieldAria, type FieldErrors } from '../components/FieldErrors.tsx';
import { MailPreferencesForm } from '../components/MailPreferencesForm.tsx';
import { Spinner } from '../components/Spinner.tsx';
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
        <section id="mail-preferences">
          <MailPreferencesForm />
        </section>
      </main>
    </div>
  );
}

/** The form's field ids, and the API's names for them. */
type AccountField = 'new-email' | 'new-password' | 'confirm-password' | 'current-password' | 'code';
const API_FIELDS = { email: 'new-email', password: 'new-password', current_password: 'current-password', nonce: 'code' } as const satisfies Record<string, AccountField>;
const FIELD_LABELS: Record<AccountField, string> = {
  'new-email': 'New e-mail',
  'new-password': 'New password',
  'confirm-password': 'Confirm new password',
  'current-password': 'Current password',
  code: 'Code from the e-mail',
};

/**
 * The API's refusal on the field it is about: the validation's `details`, a weak password, a wrong proof, an address
 * taken. Null when it is about no field (the banner says it).
 */
function refusalOnFields(error: unknown, proofField: AccountField): FieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  const fields = apiFieldErrors(error.details, API_FIELDS);
  if (Object.keys(fields).length) return fields;
  const { code } = (error.details ?? {}) as { code?: unknown };
  if (code === 'weak_password') return { 'new-password': error.message };
  const proof: string[] = [AuthMessages.currentPasswordRequired, AuthMessages.currentPasswordWrong, AuthMessages.reauthenticationCodeWrong];
  if (proof.includes(error.message)) return { [proofField]: error.message };
  if (error.message === AuthMessages.alreadyRegistered) return { 'new-email': error.message };
  return null;
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
  const [problems, setProblems] = useState<FieldErrors>({});
  const [saved, setSaved] = useState<string | null>(null);
  const proofField: AccountField = useCode ? 'code' : 'current-password';

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
    setError(null);
    const found = accountChangeProblems({ email, password, confirm, proof: useCode ? code : currentPassword });
    const onFields: FieldErrors = { 'new-email': found.email, 'new-password': found.password, 'confirm-password': found.confirm, [proofField]: found.proof };
    setProblems(onFields);
    if (Object.keys(found).length) return;
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
      const refusal = refusalOnFields(e, proofField);
      if (refusal) setProblems(refusal);
      else setError(e instanceof Error ? e.message : String(e));
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
      <ErrorSummary errors={problems} labels={FIELD_LABELS} />
      <div className="field">
        <label htmlFor="new-email">{FIELD_LABELS['new-email']}</label>
        <input id="new-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" {...fieldAria('new-email', problems['new-email'])} />
        <FieldError id="new-email" error={problems['new-email']} />
      </div>
      <PasswordField id="new-password" label={FIELD_LABELS['new-password']} value={password} onChange={setPassword} hint="Must be at least 8 characters long" autoComplete="new-password" required={false} error={problems['new-password']} />
      <PasswordField id="confirm-password" label={FIELD_LABELS['confirm-password']} value={confirm} onChange={setConfirm} autoComplete="new-password" required={false} error={problems['confirm-password']} />
      <fieldset className="field">
        <legend>Confirm it is you</legend>
        {useCode ? (
          <>
            <button type="button" className="button button-secondary button-small" onClick={() => void sendCode()}>
              {codeSent ? 'Send another code' : 'E-mail me a code'}
            </button>
            {codeSent && <p role="status">{codeSent}</p>}
            <label htmlFor="code">{FIELD_LABELS.code}</label>
            <input id="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} {...fieldAria('code', problems.code)} />
            <FieldError id="code" error={problems.code} />
            {hasPassword && (
              <button type="button" className="link-button" onClick={() => setUseCode(false)}>Use my current password instead</button>
            )}
          </>
        ) : (
          <>
            <PasswordField id="current-password" label={FIELD_LABELS['current-password']} value={currentPassword} onChange={setCurrentPassword} autoComplete="current-password" required={false} error={problems['current-password']} />
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
