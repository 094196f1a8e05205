import { describe, expect, it } from 'vitest';
import { AuthMessages, FieldMessages, isEmailAddress, signInProblems, signUpProblems, styleLabel, weakPasswordReasons } from './index.ts';

describe('sign-up rules', () => {
  it.each([
    ['', '', '', { email: FieldMessages.emailMissing, password: FieldMessages.passwordMissing, confirm: FieldMessages.confirmMissing }],
    ['', 'a sturdy passphrase', 'a sturdy passphrase', { email: FieldMessages.emailMissing }],
    ['ada@', 'a sturdy passphrase', 'a sturdy passphrase', { email: AuthMessages.invalidEmail }],
    ['ada@example.com', 'a sturdy passphrase', 'a sturdy passfrase', { confirm: AuthMessages.passwordsDoNotMatch }],
    ['ada@example.com', 'short', 'short', { password: AuthMessages.passwordTooShort }],
    ['ada@example.com', 'a sturdy passphrase', 'a sturdy passphrase', {}],
  ])('%j / %j / %j → %j', (email, password, confirm, expected) => {
    expect(signUpProblems(email, password, confirm)).toEqual(expected);
  });

  it('names the empty fields of sign-in, never a phone number', () => {
    expect(signInProblems('', '')).toEqual({ email: FieldMessages.emailMissing, password: FieldMessages.currentPasswordMissing });
    expect(signInProblems('ada@example.com', 'x')).toEqual({});
  });

  it('reports why a password is weak', () => {
    expect(weakPasswordReasons('1234567')).toEqual(['length']);
    expect(weakPasswordReasons('Password123')).toEqual(['common']);
    expect(weakPasswordReasons('eight ch')).toEqual([]);
  });

  it('checks addresses with the simple pattern', () => {
    expect(isEmailAddress(' ada@example.com ')).toBe(true);
    expect(isEmailAddress('ada@example')).toBe(false);
    expect(isEmailAddress('a da@example.com')).toBe(false);
  });

  it('title-cases hyphenated book styles', () => {
    expect(styleLabel('executive-memoir')).toBe('Executive Memoir');
  });
});
