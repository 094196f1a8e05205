import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthMessages, isEmailAddress } from '../../../libs/domain/index.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { useNextPath } from '../auth/routes.tsx';
import { AuthCard, PasswordField } from './AuthForm.tsx';

export function Login() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  // Back to the page that asked for a sign-in (e.g. a finished book waiting to be saved, a mailed request link).
  const destination = useNextPath();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) return setError(AuthMessages.credentialsRequired);
    if (!isEmailAddress(email)) return setError(AuthMessages.invalidEmail);
    setBusy(true);
    try {
      await signIn(email.trim(), password);
      void navigate(destination, { replace: true });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      heading="Welcome back"
      error={error}
      onSubmit={(e) => void submit(e)}
      googleLabel="Sign in with Google"
      footer={<>No account yet? <Link to="/signup">Sign up</Link></>}
    >
      <div className="field">
        <label htmlFor="email">Email</label>
        <input id="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="email" />
      </div>
      <PasswordField id="password" label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
      <p className="forgot"><Link to="/recover">Forgot password?</Link></p>
      <button type="submit" className="button button-block" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
    </AuthCard>
  );
}
