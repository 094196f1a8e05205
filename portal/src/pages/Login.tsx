import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { signInErrorText, signInProblems, type FieldProblems } from '../../../libs/domain/index.ts';
import { useAuth } from '../components/AuthContext.tsx';
import { useNextPath } from '../components/authRoutes.tsx';
import { AuthCard, EmailField, PasswordField } from './AuthForm.tsx';

export function Login() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  // Back to the page that asked for a sign-in (e.g. a finished book waiting to be saved, a mailed request link).
  const destination = useNextPath();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // A sign-in that left the page (Google) and came back says why, by a code the page knows.
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(() => signInErrorText(params.get('error')));
  const [problems, setProblems] = useState<FieldProblems<'email' | 'password'>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const found = signInProblems(email, password);
    setProblems(found);
    if (Object.keys(found).length) return;
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
      fieldErrors={problems}
      onSubmit={(e) => void submit(e)}
      googleLabel="Sign in with Google"
      footer={<>No account yet? <Link to="/signup">Sign up</Link></>}
    >
      <EmailField value={email} onChange={setEmail} error={problems.email} />
      <PasswordField id="password" label="Password" value={password} onChange={setPassword} autoComplete="current-password" error={problems.password} />
      <p className="forgot"><Link to="/recover">Forgot password?</Link></p>
      <button type="submit" className="button button-block" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
    </AuthCard>
  );
}
