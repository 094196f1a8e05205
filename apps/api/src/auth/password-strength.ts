import { UnprocessableEntityException } from '@nestjs/common';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonWords } from '@zxcvbn-ts/language-common';
import { dictionary as englishWords, translations } from '@zxcvbn-ts/language-en';
import { AuthMessages, MIN_PASSWORD_LENGTH, MIN_PASSWORD_SCORE, PASSWORD_STRENGTH_CHECKED_LENGTH, type PasswordWeakness } from '../../../../libs/domain/index.ts';

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: ranking the word lists takes most of a second. Few l33t substitutions keep a check quick. */
const zxcvbn = () =>
  (estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonWords, ...englishWords },
    maxLength: PASSWORD_STRENGTH_CHECKED_LENGTH,
    l33tMaxSubstitutions: 10,
  }));

/** What a password must not lean on: the account's e-mail address, its name part and its domain's words. */
function personalWords(email: string | null | undefined): string[] {
  if (!email) return [];
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const words = local.split(/[^\p{L}\p{N}]+/u);
  return [email.toLowerCase(), local, words.join(''), ...words, ...domain.split('.')].filter((word) => word.length >= 3);
}

/** Why the password is refused (empty: it is acceptable), by the spec's length rule and the guess estimate. */
export function passwordWeaknesses(password: string, email?: string | null): PasswordWeakness[] {
  if (password.length < MIN_PASSWORD_LENGTH) return ['length'];
  const result = zxcvbn().check(password, personalWords(email));
  if (result.score >= MIN_PASSWORD_SCORE) return [];
  return [result.sequence.some((match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs') ? 'personal' : 'guessable'];
}

/** The one check of every path that sets a password (sign-up, reset, change): a 422 weak_password that says what to do. */
export function assertStrongPassword(password: string, email?: string | null): void {
  const reasons = passwordWeaknesses(password, email);
  if (reasons.length === 0) return;
  const message = reasons.includes('length') ? AuthMessages.passwordTooShort : reasons.includes('personal') ? AuthMessages.personalPassword : AuthMessages.weakPassword;
  throw new UnprocessableEntityException({ message, details: { code: 'weak_password', reasons } });
}
