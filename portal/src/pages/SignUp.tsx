import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SIGNUP_REDIRECT_MS, signUpProblems, type FieldProblems } from '../../../libs/domain/index.ts';
import { useAuth } from '../components/AuthContext.tsx';
import { sessionStore, type Session } from '../api/session.ts';
import { AuthCard, EmailField, PasswordField } from './AuthForm.tsx';

export function SignUp() {
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<FieldProblems<'email' | 'password' | 'confirm'>>({});
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
    const found = signUpProblems(email, password, confirm);
    setProblems(found);
    setError(null);
    if (Object.keys(found).length) return;
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
        <main id="main" className="auth-card" role="status">
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
      fieldErrors={problems}
      onSubmit={(e) => void submit(e)}
      googleLabel="Sign up with Google"
      footer={<>Already have an account? <Link to="/login">Sign in</Link></>}
    >
      <EmailField value={email} onChange={setEmail} error={problems.email} />
      <PasswordField id="password" label="Password" value={password} onChange={setPassword} hint="Must be at least 8 characters long" autoComplete="new-password" error={problems.password} />
      <PasswordField id="confirm" label="Confirm password" value={confirm} onChange={setConfirm} autoComplete="new-password" error={problems.confirm} />
      <button type="submit" className="button button-block" disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </button>
    </AuthCard>
  );
}
