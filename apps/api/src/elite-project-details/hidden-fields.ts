import type { EliteProjectDetailsRequest } from '../../../../libs/contracts/index.ts';
import type { Payment } from '../../../../libs/db/index.ts';
import { ELITE_FORM } from '../../../../libs/domain/index.ts';

export type EliteHiddenFields = Required<NonNullable<EliteProjectDetailsRequest['hidden']>>;

/** The summary support reads first: the topic and the start of the description. */
const SUMMARY_CHARS = 200;

/**
 * The form's hidden fields (§3), computed from what the server knows: the payment it follows, the time, the constants
 * of the form. Nothing here is taken from the client.
 */
export function eliteHiddenFields(form: { bookTopic: string; bookDescription: string }, payment: Payment, customerEmail: string, submittedAt: Date): EliteHiddenFields {
  const description = form.bookDescription.trim();
  const summary = description.length > SUMMARY_CHARS ? `${description.slice(0, SUMMARY_CHARS).trimEnd()}…` : description;
  return {
    formName: ELITE_FORM.name,
    subject: `${ELITE_FORM.serviceType} project details: ${form.bookTopic}`,
    serviceType: ELITE_FORM.serviceType,
    paymentStatus: payment.status,
    submittedAt: submittedAt.toISOString(),
    customerEmail,
    projectSummary: `${form.bookTopic}: ${summary}`,
    wordCount: String(description.split(/\s+/).filter(Boolean).length),
    formVersion: ELITE_FORM.version,
    price: ELITE_FORM.price,
  };
}
