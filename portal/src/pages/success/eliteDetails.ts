import type { EliteProjectDetailsRequest } from '../../../../libs/contracts/index.ts';
import { ELITE_SELECTS, type EliteDetailsField } from '../../../../libs/domain/index.ts';
import { apiFieldErrors } from '../../components/FieldErrors.tsx';

export interface EliteDetailsForm {
  name: string;
  email: string;
  bookTopic: string;
  timeline: string;
  bookDescription: string;
  additionalNotes: string;
  /** The honeypot: people never see it, so it stays empty. */
  botField: string;
}

export const emptyEliteDetails = (name: string, email: string): EliteDetailsForm => ({
  name,
  email,
  bookTopic: '',
  timeline: ELITE_SELECTS.preferred_timeline.default as string,
  bookDescription: '',
  additionalNotes: '',
  botField: '',
});

/** The form as the API takes it: the visible fields and the Checkout Session it follows (the server adds the hidden ones). */
export function eliteDetailsRequest(form: EliteDetailsForm, sessionId: string | null): EliteProjectDetailsRequest {
  const notes = form.additionalNotes.trim();
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    bookTopic: form.bookTopic.trim(),
    bookDescription: form.bookDescription.trim(),
    ...(form.timeline ? { timeline: form.timeline } : {}),
    ...(notes ? { additionalNotes: notes } : {}),
    ...(sessionId ? { sessionId } : {}),
    ...(form.botField ? { botField: form.botField } : {}),
  };
}

const FIELDS: readonly EliteDetailsField[] = ['name', 'email', 'bookTopic', 'bookDescription'];

/** The API's 422 details, per field: `[{ field, messages }]` as the validation pipe answers, or `{ field: message }`. */
export const fieldErrorsFromDetails = (details: unknown): Partial<Record<EliteDetailsField, string>> => apiFieldErrors(details, Object.fromEntries(FIELDS.map((field) => [field, field])));
