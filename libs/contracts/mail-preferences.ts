import type { MailCategory, MailDeliveryChoice } from '../domain/index.ts';

/** GET|PUT /api/profile/mail-preferences: how the caller hears of each kind of news they may choose for. */
export interface MailPreferencesView {
  categories: { category: MailCategory; label: string; about: string; choice: MailDeliveryChoice }[];
  /** What is always mailed at once, whatever is chosen here. */
  must_know: string;
}

/** PUT /api/profile/mail-preferences: a choice per category to change (the rest stays as it is). */
export type UpdateMailPreferencesBody = Partial<Record<MailCategory, MailDeliveryChoice>>;
