import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { EliteProjectDetailsRequest, EliteProjectDetailsResponse } from '../../../../libs/contracts/index.ts';
import { ELITE_DESCRIPTION_MAX, ELITE_SELECTS, EliteDetailsMessages, eliteDetailsProblems, SUPPORT_PROMISES, type EliteDetailsField } from '../../../../libs/domain/index.ts';
import { apiFetch, ApiError } from '../../api/client.ts';
import { ELITE_TAB_PATH } from '../../elite/eliteView.ts';
import { eliteDetailsRequest, emptyEliteDetails, fieldErrorsFromDetails, type EliteDetailsForm as Form } from './eliteDetails.ts';

const sendDetails = (request: EliteProjectDetailsRequest) =>
  apiFetch<EliteProjectDetailsResponse>('/api/elite/project-details', { method: 'POST', body: JSON.stringify(request) });

type Errors = Partial<Record<EliteDetailsField, string>>;

/** A labelled field with its error beside it (announced with the field). */
function Field({ id, label, error, children, hint }: { id: string; label: string; error?: string | undefined; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <small id={`${id}-hint`}>{hint}</small>}
      {error && <small id={`${id}-error`} className="error-text field-error">{error}</small>}
    </div>
  );
}

/** The Elite project-details form on /success: collapsed, open, submitted. */
export function EliteDetailsForm({ name, email, sessionId }: { name: string; email: string; sessionId: string | null }) {
  const [state, setState] = useState<'collapsed' | 'open' | 'submitted'>('collapsed');
  const [form, setForm] = useState<Form>(() => emptyEliteDetails(name, email));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const touched = useRef({ name: false, email: false });

  // The account's name and e-mail may arrive after the page: they fill the fields the buyer has not typed in.
  useEffect(() => {
    setForm((current) => ({
      ...current,
      ...(touched.current.name || !name ? {} : { name }),
      ...(touched.current.email || !email ? {} : { email }),
    }));
  }, [name, email]);

  const submit = useMutation({
    mutationFn: sendDetails,
    retry: false,
    onSuccess: () => setState('submitted'),
    onError: (error) => {
      const fieldErrors = error instanceof ApiError && error.status === 422 ? fieldErrorsFromDetails(error.details) : {};
      const first = Object.keys(fieldErrors)[0];
      if (first) {
        setErrors(fieldErrors);
        return document.getElementById(`elite-${first}`)?.focus();
      }
      // A refusal that is not about a field says why (no Elite payment, or an account's purchase sent signed out); anything else gets the spec's message.
      setFailure(error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 422) ? error.message : EliteDetailsMessages.failed);
    },
  });

  if (state === 'submitted') {
    return (
      <section className="card success-card" role="status" aria-labelledby="details-submitted">
        <h2 id="details-submitted">{EliteDetailsMessages.submitted}</h2>
        <p>Thank you. Our team is reviewing your project: your outline and first chapters come within {SUPPORT_PROMISES.outline}.</p>
        <p>
          Your details opened an Elite Service request: follow each step, the proofs and the delivery on your dashboard.{' '}
          <Link className="button button-small" to={ELITE_TAB_PATH}>View your Elite Service request</Link>
        </p>
      </section>
    );
  }
  if (state === 'collapsed') {
    return (
      <button type="button" className="button button-accent" onClick={() => setState('open')}>
        Complete Your Book Project Details
      </button>
    );
  }

  const change = (key: keyof Form) => (event: { target: { value: string } }) => {
    if (key === 'name' || key === 'email') touched.current[key] = true;
    setForm({ ...form, [key]: event.target.value });
    if (key in errors) setErrors({ ...errors, [key]: undefined });
  };
  const invalid = (key: EliteDetailsField) => ({
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `elite-${key}-error` : undefined,
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    const problems = eliteDetailsProblems(form);
    setErrors(problems);
    setFailure(null);
    const first = Object.keys(problems)[0];
    if (first) return document.getElementById(`elite-${first}`)?.focus();
    submit.mutate(eliteDetailsRequest(form, sessionId));
  };

  return (
    <form className="card success-card elite-form" aria-labelledby="elite-form-title" onSubmit={send} noValidate>
      <h2 id="elite-form-title">Your Book Project Details</h2>
      <Field id="elite-name" label="Full Name" error={errors.name}>
        <input id="elite-name" autoFocus value={form.name} onChange={change('name')} autoComplete="name" {...invalid('name')} />
      </Field>
      <Field id="elite-email" label="Email Address" error={errors.email}>
        <input id="elite-email" type="email" value={form.email} onChange={change('email')} autoComplete="email" {...invalid('email')} />
      </Field>
      <Field id="elite-bookTopic" label="Book Topic/Subject Area" error={errors.bookTopic}>
        <input id="elite-bookTopic" value={form.bookTopic} onChange={change('bookTopic')} {...invalid('bookTopic')} />
      </Field>
      <Field id="elite-timeline" label="Preferred Timeline">
        <select id="elite-timeline" value={form.timeline} onChange={change('timeline')}>
          {ELITE_SELECTS.preferred_timeline.options.map((option) => (
            <option key={option.value} value={option.value}>{option.label}</option>
          ))}
        </select>
      </Field>
      <Field id="elite-bookDescription" label="Book Description & Goals" error={errors.bookDescription} hint={`${form.bookDescription.length}/${ELITE_DESCRIPTION_MAX} characters`}>
        <textarea
          id="elite-bookDescription"
          rows={6}
          maxLength={ELITE_DESCRIPTION_MAX}
          value={form.bookDescription}
          onChange={change('bookDescription')}
          aria-invalid={errors.bookDescription ? true : undefined}
          aria-describedby={errors.bookDescription ? 'elite-bookDescription-hint elite-bookDescription-error' : 'elite-bookDescription-hint'}
        />
      </Field>
      <Field id="elite-additionalNotes" label="Additional Notes & Requirements">
        <textarea id="elite-additionalNotes" rows={3} value={form.additionalNotes} onChange={change('additionalNotes')} />
      </Field>
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor="elite-botField">Leave this field empty</label>
        <input id="elite-botField" name="botField" tabIndex={-1} autoComplete="off" value={form.botField} onChange={change('botField')} />
      </div>
      {failure && <p className="error-banner" role="alert">{failure}</p>}
      <button type="submit" className="button" disabled={submit.isPending}>{submit.isPending ? 'Submitting...' : 'Submit Project Details'}</button>
    </form>
  );
}
