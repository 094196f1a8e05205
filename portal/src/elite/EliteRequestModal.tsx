import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { BookProjectView, ProfileView } from '../../../libs/contracts/index.ts';
import { ELITE_INCLUDES, ELITE_LIMITS, ELITE_NEXT_STEPS, ELITE_PRICE_NOTE, ELITE_SELECTS, EliteMessages, generationLabel, statusLabel, type EliteSelectField } from '../../../libs/domain/index.ts';
import { apiFetch, newActionKey } from '../api/client.ts';
import { useAuth } from '../components/AuthContext.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { createEliteRequest } from '../api/eliteRequests.ts';
import { eliteGuard, eliteRequestBody, eliteSubmitError, emptyEliteForm, type EliteForm } from './eliteView.ts';
import { ALL_ELITE_REQUESTS } from './useEliteRequests.ts';

export type EliteBook = Pick<BookProjectView, 'id' | 'title' | 'author' | 'status' | 'generation_status' | 'pdf_blob_url' | 'cover_blob_url'>;

const SELECT_FIELDS: readonly EliteSelectField[] = ['contact_method', 'preferred_timeline', 'print_quantity', 'budget_range'];

/**
 * The Elite Service request modal on a completed book (§2, §5): the book, what the service includes, the four selects
 * with their defaults, the author's contact details and notes, what happens next. A sent request closes the modal
 * with the spec's alert; the dashboard's Elite Service tab lists it.
 */
export function EliteRequestModal({ book, onClose }: { book: EliteBook; onClose: () => void }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: ['profile', user?.id], queryFn: () => apiFetch<ProfileView>('/api/profile'), enabled: Boolean(user) });
  const [form, setForm] = useState<EliteForm>(() => emptyEliteForm());
  const [problem, setProblem] = useState<string | null>(null);
  // One request per opening of the modal: a second send (a retry after a lost answer) is answered as the first.
  const [key] = useState(newActionKey);
  const send = useMutation({
    mutationFn: () => createEliteRequest(eliteRequestBody(book.id, form), key),
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ALL_ELITE_REQUESTS });
      onClose();
      // Alerted once the modal has gone (an alert blocks the page, closed or not).
      setTimeout(() => window.alert(EliteMessages.sent), 0);
    },
    onError: (error) => setProblem(eliteSubmitError(error)),
  });

  const change = (key: keyof EliteForm) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const guard = eliteGuard({ signedIn: Boolean(user), email: profile.data?.email ?? user?.email });
    setProblem(guard);
    if (!guard) send.mutate();
  };
  const available = (url: string | null) => (url ? 'Available' : 'Not available');

  return (
    <Dialog labelId="elite-modal-title" onClose={onClose} busy={send.isPending} wide className="elite-modal">
      <div className="item-head">
        <h3 id="elite-modal-title">Request Elite Service</h3>
        <button type="button" className="link-button" aria-label="Close" disabled={send.isPending} onClick={onClose}>✕</button>
      </div>
      <section aria-labelledby="elite-book-details">
        <h4 id="elite-book-details">Book Details</h4>
        <dl className="summary">
          <dt>Title</dt>
          <dd>{book.title}</dd>
          <dt>Author</dt>
          <dd>{book.author}</dd>
          <dt>Status</dt>
          <dd>{statusLabel(book.status)} · {generationLabel(book.generation_status)}</dd>
          <dt>PDF</dt>
          <dd>{available(book.pdf_blob_url)}</dd>
          <dt>Cover</dt>
          <dd>{available(book.cover_blob_url)}</dd>
        </dl>
      </section>
      <section aria-labelledby="elite-includes">
        <h4 id="elite-includes">What the Elite Service includes</h4>
        <ul className="elite-includes">
          {ELITE_INCLUDES.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="muted">Price: {ELITE_PRICE_NOTE}.</p>
      </section>
      <form onSubmit={submit} noValidate aria-labelledby="elite-modal-title">
        <div className="form-grid elite-fields">
          <div className="field">
            <label htmlFor="elite-user_name">Your Name (optional)</label>
            <input id="elite-user_name" autoComplete="name" maxLength={ELITE_LIMITS.name} value={form.user_name} onChange={change('user_name')} data-autofocus />
          </div>
          <div className="field">
            <label htmlFor="elite-user_phone">Phone Number (optional)</label>
            <input id="elite-user_phone" type="tel" autoComplete="tel" maxLength={ELITE_LIMITS.phone} value={form.user_phone} onChange={change('user_phone')} />
          </div>
          {SELECT_FIELDS.map((field) => (
            <div className="field" key={field}>
              <label htmlFor={`elite-${field}`}>{ELITE_SELECTS[field].label}</label>
              <select id={`elite-${field}`} required value={form[field]} onChange={change(field)}>
                {ELITE_SELECTS[field].options.map((option) => (
                  <option key={option.value} value={option.value}>{option.label}</option>
                ))}
              </select>
            </div>
          ))}
          <div className="field field-full">
            <label htmlFor="elite-additional_requirements">Additional Requirements or Notes</label>
            <textarea
              id="elite-additional_requirements"
              rows={4}
              maxLength={ELITE_LIMITS.additionalRequirements}
              placeholder="Anything our team should know: audience, style, deadlines, special print needs…"
              value={form.additional_requirements}
              onChange={change('additional_requirements')}
            />
          </div>
        </div>
        <section aria-labelledby="elite-next-steps" className="elite-next">
          <h4 id="elite-next-steps">What happens next?</h4>
          <ol>
            {ELITE_NEXT_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
        {problem && <p className="error-banner" role="alert">{problem}</p>}
        <div className="path-buttons">
          <button type="button" className="button button-secondary" disabled={send.isPending} onClick={onClose}>Cancel</button>
          <button type="submit" className="button button-accent" disabled={send.isPending}>{send.isPending ? 'Submitting...' : 'Submit Elite Service Request'}</button>
        </div>
      </form>
    </Dialog>
  );
}
