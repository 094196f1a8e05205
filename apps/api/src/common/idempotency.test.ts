import { BadRequestException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { IdempotencyMessages } from '../../../../libs/domain/index.ts';
import { idempotencyKeyOf } from './idempotency.ts';

const of = (value: string | string[] | undefined) => idempotencyKeyOf({ headers: value === undefined ? {} : { 'idempotency-key': value } });

describe('the Idempotency-Key header', () => {
  it('takes a UUID-ish key, and no key at all', () => {
    expect(of('0b0f5bde-7a83-4f5e-9a37-1f6c2c1d9e11')).toBe('0b0f5bde-7a83-4f5e-9a37-1f6c2c1d9e11');
    expect(of('click:42_retry.1')).toBe('click:42_retry.1');
    expect(of(undefined)).toBeUndefined();
    expect(of('')).toBeUndefined();
  });

  it('refuses anything else with a 400 in the house words', () => {
    for (const bad of ['short', 'with space in it', 'x'.repeat(101), ['a-long-enough-key', 'a-long-enough-key'], 'emoji-🙂-key']) {
      expect(() => of(bad), String(bad)).toThrow(BadRequestException);
      expect(() => of(bad)).toThrow(IdempotencyMessages.invalid);
    }
  });
});
