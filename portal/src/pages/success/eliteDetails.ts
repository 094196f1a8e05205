import type { EliteProjectDetailsRequest } from '../../../../libs/contracts/index.ts';
import { ELITE_SELECTS, type EliteDetailsField } from '../../../../libs/domain/index.ts';

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
const isField = (field: unknown): field is EliteDetailsField => FIELDS.includes(field as EliteDetailsField);

/** The API's 422 details, per field: `[{ field, messages }]` as the validation pipe answers, or `{ field: message }`. */
export function fieldErrorsFromDetails(details: unknown): Partial<Record<EliteDetailsField, string>> {
  const errors: Partial<Record<EliteDetailsField, string>> = {};
  if (Array.isArray(details)) {
    for (const item of details as { field?: unknown; messages?: unknown; message?: unknown }[]) {
      const message = Array.isArray(item?.messages) ? item.messages[0] : item?.message;
      if (isField(item?.field) && typeof message === 'string' && !errors[item.field]) errors[item.field] = message;
    }
  } else if (typeof details === 'object' && details) {
    for (const [field, message] of Object.entries(details)) {
      const text = Array.isArray(message) ? message[0] : message;
      if (isField(field) && typeof text === 'string') errors[field] = text;
    }
  }
  return errors;
}
