// Mail Pressroom sends to an address on someone's request rather than its owner's own action: a reset link, a
// confirmation link, a re-authentication code, an e-mail change notice. Anyone can ask for these, so each recipient
// has caps per hour and per day, whoever asks and from wherever.

export const UNASKED_MAIL_KINDS = ['recover', 'confirm', 'resend', 'code', 'email-change', 'download-links'] as const;
export type UnaskedMailKind = (typeof UNASKED_MAIL_KINDS)[number];

/** How many such messages one address receives at most, in each sliding window. */
export const UNASKED_MAIL_CAPS = [
  { windowSeconds: 3600, max: 5 },
  { windowSeconds: 24 * 3600, max: 10 },
] as const;
