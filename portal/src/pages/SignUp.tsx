import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SIGNUP_REDIRECT_MS, signUpProblem } from '../../../libs/domain/index.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { sessionStore, type Session } from '../auth/session.ts';
import { AuthCard, PasswordField } from './AuthForm.tsx';

export function SignUp() {
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Session | null>(null);

  // The welcome screen shows for 2 s; then the new session is kept and the dashboard opens.
  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => {
      sessionStore.set(created);
      void navigate('/dashboard', { replace: true });
    }, SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = signUpProblem(email, password, confirm);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      setCreated(await signUp(email.trim(), password));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  if (created) {
    return (
      <div className="auth-page">
        <main className="auth-card" role="status">
          <h1>Welcome to Pressroom!</h1>
          <p>Your account has been created successfully. Redirecting to your dashboard...</p>
        </main>
      </div>
    );
  }

  return (
    <AuthCard
      heading="Create your account"
      error={error}
      onSubmit={(e) => void submit(e)}
      googleLabel="Sign up with Google"
      footer={<>Already have an account? <Link to="/login">Sign in</Link></>}
    >
      <div className="field">
        <label htmlFor="email">Email</label>
        <input id="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="email" />
      </div>
      <PasswordField id="password" label="Password" value={password} onChange={setPassword} hint="Must be at least 8 characters long" autoComplete="new-password" />
      <PasswordField id="confirm" label="Confirm password" value={confirm} onChange={setConfirm} autoComplete="new-password" />
      <button type="submit" className="button button-block" disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </button>
    </AuthCard>
  );
}
