// Accounts: roles, profile defaults, validation messages and limits from the spec (document 1, sections 3, 5, 8, 9).

export const ROLES = ['user', 'elite_team', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const BACK_OFFICE_ROLES: readonly Role[] = ['elite_team', 'admin'];

export const AUTH_PROVIDERS = ['email', 'google'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

export const MIN_PASSWORD_LENGTH = 8;
export const SIGNUP_REDIRECT_MS = 2000;
export const SESSION_LOAD_TIMEOUT_MS = 5000;
export const AUTH_TICK_MS = 30_000;
/** A session is refreshed when it expires within this many ticks. */
export const AUTH_REFRESH_TICKS = 3;
/** How long the link that confirms a new e-mail address stays valid. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** How long the link that sets a new password (from POST /api/auth/recover) stays valid; it works once. */
export const PASSWORD_RECOVERY_TTL_MS = 60 * 60 * 1000;
/** How long the code GET /api/auth/reauthenticate mails stays valid; it works once. */
export const REAUTHENTICATION_CODE_TTL_MS = 10 * 60 * 1000;
export const REAUTHENTICATION_CODE_DIGITS = 6;

export const AuthMessages = {
  credentialsRequired: 'You must provide either an email or phone number and a password',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  weakPassword: 'Password is too easy to guess. Use a passphrase of three or four uncommon words, not a common password, a keyboard pattern or repeated characters.',
  personalPassword: 'Password must not be built on your e-mail address. Use a passphrase of three or four uncommon words instead.',
  invalidEmail: 'Please enter a valid email address',
  invalidCredentials: 'Invalid login credentials',
  alreadyRegistered: 'User already registered',
  sessionMissing: 'Auth session missing!',
  invalidToken: 'Invalid or expired token',
  refreshTokenRequired: 'A refresh token is required',
  invalidRefreshToken: 'Invalid Refresh Token: Refresh Token Not Found',
  refreshTokenReused: 'Invalid Refresh Token: Already Used',
  unsupportedGrantType: 'Unsupported grant_type: use password or refresh_token',
  unsupportedProvider: 'Unsupported provider: only google is available',
  providerDisabled: 'Sign-in with Google is not configured on this server',
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  sessionTimeout: 'Session timeout after 5s',
  forbidden: 'You do not have access to this resource',
  backOfficeRefused: 'This account has no access to the back office.',
  passwordChangeRequired: 'Choose a new password first: the one you signed in with was made for you by npm run create-admin and is meant to be used once.',
  currentPasswordRequired: 'Enter your current password, or the code we e-mail you, to change your password or e-mail',
  currentPasswordWrong: 'Your current password is incorrect',
  reauthenticationCodeWrong: 'This code is wrong or has expired. Ask for a new one.',
  reauthenticationSent: `We e-mailed you a code. Enter it within ${REAUTHENTICATION_CODE_TTL_MS / 60_000} minutes to confirm the change.`,
  noEmailForCode: 'This account has no e-mail address to send a code to; enter your current password instead.',
  recoverySent: 'If an account uses this address, we have e-mailed it a link to set a new password. The link works once, within an hour.',
  invalidRecoveryToken: 'This password reset link is invalid, used or expired. Ask for a new one on the sign-in page.',
  verificationSent: 'We sent you a new confirmation link. Open it to confirm your e-mail address.',
  alreadyVerified: 'Your e-mail address is already confirmed.',
  verifiedEmailRequired: 'Confirm your e-mail address first: open the link we e-mailed you, or resend it from your dashboard. Until then you can write books, but not buy or order prints.',
  invalidVerificationToken: 'This verification link is invalid or has expired',
  mailUnavailable: 'The verification e-mail could not be sent. Please try again later.',
  googleEmailUnverified: 'This e-mail is registered already; sign in with your password (Google has not verified this address).',
} as const;

/**
 * Passwords are judged by an estimate of how many guesses they take (zxcvbn's score, 0-4, on the API): below
 * MIN_PASSWORD_SCORE a password falls to an offline attack on a leaked hash within days. Only its first
 * PASSWORD_STRENGTH_CHECKED_LENGTH characters are estimated: the estimate grows costly with length, and a password
 * whose first 64 characters are hard to guess is hard to guess.
 */
export const MIN_PASSWORD_SCORE = 3;
export const PASSWORD_STRENGTH_CHECKED_LENGTH = 64;
/** Why a password is refused (the auth service's weak_password reasons). */
export type PasswordWeakness = 'length' | 'guessable' | 'personal';

/** Why a sign-in that left the page came back to /login (?error=…): only these codes, so no link can put its own words there. */
export const GOOGLE_UNAVAILABLE_ERROR = 'google_unavailable';
const SIGN_IN_ERRORS: Record<string, string> = { [GOOGLE_UNAVAILABLE_ERROR]: AuthMessages.providerDisabled };
export const signInErrorText = (code: string | null): string | null => (code && Object.hasOwn(SIGN_IN_ERRORS, code) ? (SIGN_IN_ERRORS[code] as string) : null);

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The simple address pattern the pages check before sending; the API validates again. */
export const isEmailAddress = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** What a form says about each of its fields that needs fixing (absent: the field is fine). */
export type FieldProblems<Field extends string> = Partial<Record<Field, string>>;

/** The forms' own words for an empty field (the auth service's "email or phone" message is for API callers). */
export const FieldMessages = {
  emailMissing: 'Enter your e-mail address',
  passwordMissing: 'Enter a password',
  currentPasswordMissing: 'Enter your password',
  confirmMissing: 'Enter the password again',
  nothingToChange: 'Enter a new e-mail or a new password',
} as const;

const emailProblem = (email: string) => (!email.trim() ? FieldMessages.emailMissing : isEmailAddress(email) ? undefined : AuthMessages.invalidEmail);
const defined = <T extends object>(problems: T): T => Object.fromEntries(Object.entries(problems).filter(([, v]) => v !== undefined)) as T;

/** The sign-in screen's checks, per field. */
export function signInProblems(email: string, password: string): FieldProblems<'email' | 'password'> {
  return defined({ email: emailProblem(email), password: password ? undefined : FieldMessages.currentPasswordMissing });
}

/** The sign-up screen's checks, per field, in the spec's wording; the server checks the same rules again. */
export function signUpProblems(email: string, password: string, confirm: string): FieldProblems<'email' | 'password' | 'confirm'> {
  return defined({ email: emailProblem(email), ...newPasswordProblems(password, confirm) });
}

/** The password rules of sign-up, per field, for any screen that sets a new password. */
export function newPasswordProblems(password: string, confirm: string): FieldProblems<'password' | 'confirm'> {
  return defined({
    password: !password ? FieldMessages.passwordMissing : password.length < MIN_PASSWORD_LENGTH ? AuthMessages.passwordTooShort : undefined,
    confirm: !confirm ? FieldMessages.confirmMissing : password && confirm !== password ? AuthMessages.passwordsDoNotMatch : undefined,
  });
}

/** The account page's fields: a new e-mail, a new password (twice), and the proof (current password or mailed code). */
export interface AccountChange {
  email: string;
  password: string;
  confirm: string;
  proof: string;
}

/** The account page's checks, per field: something to change, each change well formed, and proof it is the owner. */
export function accountChangeProblems(change: AccountChange): FieldProblems<'email' | 'password' | 'confirm' | 'proof'> {
  const email = change.email.trim();
  const newPassword = Boolean(change.password || change.confirm);
  return defined({
    email: !email && !newPassword ? FieldMessages.nothingToChange : email && !isEmailAddress(email) ? AuthMessages.invalidEmail : undefined,
    ...(newPassword ? newPasswordProblems(change.password, change.confirm) : {}),
    proof: change.proof.trim() ? undefined : AuthMessages.currentPasswordRequired,
  });
}

// Book requests (form_submissions): statuses, the submission list's limits and messages.
export const BOOK_REQUEST_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type BookRequestStatus = (typeof BOOK_REQUEST_STATUSES)[number];
export const SUBMISSIONS_QUERY_TIMEOUT_MS = 30_000;
export const REQUEST_DESCRIPTION_PREVIEW = 150;
export const DashboardMessages = {
  submissionsTimeout: 'Query timed out - please try again',
  submissionsFailed: 'Failed to fetch submissions',
  projectsFailed: 'Failed to fetch book projects',
  ordersFailed: 'Failed to load orders',
} as const;

/** "executive-memoir" → "Executive Memoir". */
export const styleLabel = (style: string) => style.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
