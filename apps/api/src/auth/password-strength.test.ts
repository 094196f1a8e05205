import { describe, expect, it } from 'vitest';
import { AuthMessages } from '../../../../libs/domain/index.ts';
import { assertStrongPassword, passwordWeaknesses } from './password-strength.ts';

describe('password strength', () => {
  it.each([
    ['1234567', ['length']],
    ['aaaaaaaa', ['guessable']],
    ['password123', ['guessable']],
    ['qwertyuiop', ['guessable']],
    ['P@ssw0rd!', ['guessable']],
    ['ada.lovelace@example.com', ['personal']],
    ['adalovelace1', ['personal']],
    ['a sturdy passphrase', []],
    ['correct horse battery staple', []],
  ])('judges %j as %j for ada.lovelace@example.com', (password, reasons) => {
    expect(passwordWeaknesses(password, 'ada.lovelace@example.com')).toEqual(reasons);
  });

  it('says what to do in the refusal', () => {
    const refusal = (password: string) => {
      try {
        assertStrongPassword(password, 'ada@example.com');
      } catch (error) {
        return (error as { getResponse(): unknown }).getResponse();
      }
      return null;
    };
    expect(refusal('aaaaaaaa')).toEqual({ message: AuthMessages.weakPassword, details: { code: 'weak_password', reasons: ['guessable'] } });
    expect(refusal('ada@example.com')).toEqual({ message: AuthMessages.personalPassword, details: { code: 'weak_password', reasons: ['personal'] } });
    expect(refusal('a sturdy passphrase')).toBeNull();
  });

  it('estimates only the first characters of a long password, so a check stays quick', () => {
    // Without the cap, 256 characters like these take the estimator many seconds.
    expect(passwordWeaknesses('aB3$'.repeat(64))).toEqual(['guessable']);
    expect(passwordWeaknesses(`${'x'.repeat(64)}${'correct horse battery staple'}`)).toEqual(['guessable']);
  });
});
