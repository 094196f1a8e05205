import { useState, type FormEvent } from 'react';
import { SaleMessages } from '../../../libs/domain/index.ts';
import { useAuth } from '../components/AuthContext.tsx';
import { resendDownloadLinks } from '../api/sales.ts';
import { BuyerEmail, emailProblem } from './BuyEbookForm.tsx';

/** "Get my download links again": fresh links to the address an e-book was bought with (the answer never says whether it did). */
export function ResendLinksForm({ idPrefix, email: initial = '' }: { idPrefix: string; email?: string }) {
  const { user } = useAuth();
  const id = `${idPrefix}-resend-email`;
  const [email, setEmail] = useState(initial || user?.email || '');
  const [error, setError] = useState<string | undefined>();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [failure, setFailure] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    if (problem) {
      setError(problem);
      document.getElementById(id)?.focus();
      return;
    }
    setState('sending');
    resendDownloadLinks(email.trim()).then(
      () => setState('sent'),
      (e: Error) => {
        setFailure(e.message);
        setState('failed');
      },
    );
  };

  return (
    <form className="buy-form resend-form" onSubmit={submit} noValidate aria-label="Get my download links again">
      <BuyerEmail
        id={id}
        value={email}
        error={error}
        hint="The address you bought the e-book with."
        onChange={(value) => {
          setEmail(value);
          setError(undefined);
          if (state !== 'sending') setState('idle');
        }}
      />
      <button type="submit" className="button button-secondary" disabled={state === 'sending'}>
        {state === 'sending' ? 'Sending…' : 'Get my download links again'}
      </button>
      <div role="status">{state === 'sent' && <p className="notice">{SaleMessages.resendAccepted}</p>}</div>
      {state === 'failed' && <p className="error-text" role="alert">{failure}</p>}
    </form>
  );
}

/** The form folded away under its question, for the shop's pages. */
export function ResendLinks({ idPrefix, question = 'Bought this already?' }: { idPrefix: string; question?: string }) {
  return (
    <details className="resend-links">
      <summary>{question} Get my download links again</summary>
      <ResendLinksForm idPrefix={idPrefix} />
    </details>
  );
}
