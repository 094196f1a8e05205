import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { BOOK_STYLES, styleLabel } from '../../../../libs/domain/index.ts';
import { submitBookRequest } from '../../api/bookRequests.ts';

const EMPTY = { book_topic: '', book_style: '', book_description: '', additional_notes: '' };

/**
 * The Book Requests tab's form, as a dialog: the name from the account, the request's own fields, sent to the team.
 * The e-mail is the account's and is only shown: the confirmation, which repeats what the author wrote, goes to the
 * account's confirmed address alone (the API refuses any other).
 */
export function BookRequestDialog({ name, email, onClose }: { name: string; email: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ name, ...EMPTY });
  const submit = useMutation({
    mutationFn: submitBookRequest,
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['book-requests'] });
      onClose();
    },
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !submit.isPending) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, submit.isPending]);

  const field = (key: keyof typeof form) => ({
    id: `request-${key}`,
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate({
      name: form.name.trim(),
      email: email.trim(),
      book_topic: form.book_topic.trim(),
      ...(form.book_style ? { book_style: form.book_style } : {}),
      book_description: form.book_description.trim(),
      ...(form.additional_notes.trim() ? { additional_notes: form.additional_notes.trim() } : {}),
    });
  };

  return (
    <div className="dialog-backdrop">
      <div className="dialog dialog-wide" role="dialog" aria-modal="true" aria-labelledby="book-request-title">
        <h3 id="book-request-title">Submit a Book Request</h3>
        <p className="muted">Tell our team about the book you want; we answer by e-mail within 24 hours.</p>
        <form className="form-grid" onSubmit={send}>
          <div className="field">
            <label htmlFor="request-name">Full Name</label>
            <input {...field('name')} required autoComplete="name" autoFocus />
          </div>
          <div className="field">
            <label htmlFor="request-email">Email Address</label>
            <input id="request-email" value={email} type="email" readOnly aria-describedby="request-email-hint" autoComplete="email" />
            <p id="request-email-hint" className="muted">Your account&apos;s address: we send the confirmation there.</p>
          </div>
          <div className="field">
            <label htmlFor="request-book_topic">Book Topic</label>
            <input {...field('book_topic')} required />
          </div>
          <div className="field">
            <label htmlFor="request-book_style">Book Style</label>
            <select {...field('book_style')}>
              <option value="">No preference</option>
              {BOOK_STYLES.map((style) => (
                <option key={style} value={style}>{styleLabel(style)}</option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="request-book_description">Book Description</label>
            <textarea {...field('book_description')} rows={4} required />
          </div>
          <div className="field">
            <label htmlFor="request-additional_notes">Additional Notes</label>
            <textarea {...field('additional_notes')} rows={2} />
          </div>
          {submit.isError && <p className="error-text" role="alert">{submit.error.message}</p>}
          <div className="path-buttons">
            <button type="submit" className="button" disabled={submit.isPending}>{submit.isPending ? 'Submitting...' : 'Submit Request'}</button>
            <button type="button" className="button button-secondary" disabled={submit.isPending} onClick={onClose}>Cancel</button>
          </div>
        </form>
      </div>
    </div>
  );
}
