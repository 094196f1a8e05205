import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AuthMessages } from '../../../libs/domain/index.ts';
import { useGoogleSignIn } from '../api/site.ts';
import { ErrorSummary, FieldError, fieldAria, type FieldErrors } from '../components/FieldErrors.tsx';

export function PasswordField({ id, label, value, onChange, hint, autoComplete, required = true, error }: { id: string; label: string; value: string; onChange: (v: string) => void; hint?: string; autoComplete: string; required?: boolean; error?: string | undefined }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-row">
        <input id={id} type={shown ? 'text' : 'password'} value={value} onChange={(e) => onChange(e.target.value)} required={required} autoComplete={autoComplete} {...fieldAria(id, error, hint ? `${id}-hint` : undefined)} />
        <button type="button" className="link-button" onClick={() => setShown((s) => !s)} aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}>
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldError id={id} error={error} />
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
}

/** The e-mail field of the account forms, with its message. */
export function EmailField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string | undefined }) {
  return (
    <div className="field">
      <label htmlFor="email">Email</label>
      <input id="email" type="email" value={value} onChange={(e) => onChange(e.target.value)} required autoComplete="email" {...fieldAria('email', error)} />
      <FieldError id="email" error={error} />
    </div>
  );
}

/** Google's button while the server offers Google sign-in; without it, the reason in its place (never a JSON error page). */
function GoogleButton({ label }: { label: string }) {
  const offered = useGoogleSignIn();
  if (offered) return <a className="button button-secondary button-block" href="/api/auth/authorize?provider=google">{label}</a>;
  return offered === false ? <p className="muted google-unavailable">{AuthMessages.providerDisabled}</p> : null;
}

/** The frame shared by the sign-in and sign-up screens: logo, heading, error banner (the server's answer), the
 * summary of the fields' problems, Google button, switch link. */
export function AuthCard(props: {
  heading: string;
  error: string | null;
  fieldErrors?: FieldErrors;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  googleLabel: string;
  footer: ReactNode;
}) {
  return (
    <div className="auth-page">
      <main id="main" className="auth-card">
        <Link className="brand" to="/">Pressroom</Link>
        <h1>{props.heading}</h1>
        {props.error && (
          <div className="error-banner" role="alert">
            {props.error}
          </div>
        )}
        <form onSubmit={props.onSubmit} noValidate>
          <ErrorSummary errors={props.fieldErrors ?? {}} />
          {props.children}
        </form>
        <div className="divider"><span>or</span></div>
        <GoogleButton label={props.googleLabel} />
        <p className="switch">{props.footer}</p>
      </main>
    </div>
  );
}
