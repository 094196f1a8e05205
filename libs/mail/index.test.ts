import { describe, expect, it } from 'vitest';
import { keyedMessageId } from './index.ts';

describe('the Message-ID of a keyed delivery', () => {
  it('is the same for every send of one key, another for another key, at the sender’s domain', () => {
    const first = keyedMessageId('purchase-receipt:1', 'Pressroom <no-reply@books.example>');
    expect(first).toMatch(/^<[0-9a-f]{40}@books\.example>$/);
    expect(keyedMessageId('purchase-receipt:1', 'Pressroom <no-reply@books.example>')).toBe(first);
    expect(keyedMessageId('purchase-receipt:2', 'Pressroom <no-reply@books.example>')).not.toBe(first);
  });

  it('takes the domain of a bare address, and a stand-in when the sender has none', () => {
    expect(keyedMessageId('k', 'no-reply@mail.example.org')).toMatch(/@mail\.example\.org>$/);
    expect(keyedMessageId('k', 'Pressroom')).toMatch(/@pressroom\.local>$/);
  });
});
