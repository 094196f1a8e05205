import { describe, expect, it } from 'vitest';
import { AuthMessages, isEmailAddress, signUpProblem, styleLabel, weakPasswordReasons } from './index.ts';

describe('sign-up rules', () => {
  it.each([
    ['', 'a sturdy passphrase', 'a sturdy passphrase', AuthMessages.credentialsRequired],
    ['ada@example.com', '', '', AuthMessages.credentialsRequired],
    ['ada@', 'a sturdy passphrase', 'a sturdy passphrase', AuthMessages.invalidEmail],
    ['ada@example.com', 'a sturdy passphrase', 'a sturdy passfrase', AuthMessages.passwordsDoNotMatch],
    ['ada@example.com', 'short', 'short', AuthMessages.passwordTooShort],
    ['ada@example.com', 'a sturdy passphrase', 'a sturdy passphrase', null],
  ])('%j / %j / %j → %j', (email, password, confirm, expected) => {
    expect(signUpProblem(email, password, confirm)).toBe(expected);
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
