import { describe, expect, it } from 'vitest';
import { accountChangeProblems, AuthMessages, FieldMessages, isEmailAddress, signInProblems, signUpProblems, styleLabel } from './index.ts';

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

  it('checks the account page per field: something to change, each change, and the proof', () => {
    const change = { email: '', password: '', confirm: '', proof: '' };
    expect(accountChangeProblems(change)).toEqual({ email: FieldMessages.nothingToChange, proof: AuthMessages.currentPasswordRequired });
    expect(accountChangeProblems({ ...change, email: 'ada@', proof: 'x' })).toEqual({ email: AuthMessages.invalidEmail });
    expect(accountChangeProblems({ ...change, confirm: 'short', proof: 'x' })).toEqual({ password: FieldMessages.passwordMissing });
    expect(accountChangeProblems({ ...change, password: 'a sturdy passphrase', confirm: 'a sturdy passfrase', proof: 'x' })).toEqual({ confirm: AuthMessages.passwordsDoNotMatch });
    expect(accountChangeProblems({ ...change, password: 'short', confirm: 'short', proof: ' ' })).toEqual({ password: AuthMessages.passwordTooShort, proof: AuthMessages.currentPasswordRequired });
    expect(accountChangeProblems({ email: ' ada@example.com ', password: 'a sturdy passphrase', confirm: 'a sturdy passphrase', proof: '123456' })).toEqual({});
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
