import { describe, expect, it } from 'vitest';
import { recentlyUsed } from './recently-used.ts';

describe('recentlyUsed', () => {
  it('computes a text once, and forgets the least recently used beyond its budget of characters', () => {
    const computed: string[] = [];
    const memo = recentlyUsed<string>(10);
    const upper = (text: string) => memo(text, () => (computed.push(text), text.toUpperCase()));
    expect(upper('abcd')).toBe('ABCD');
    expect(upper('abcd')).toBe('ABCD');
    expect(upper('efgh')).toBe('EFGH');
    expect(computed).toEqual(['abcd', 'efgh']);
    upper('abcd'); // now the most recent: efgh goes first
    upper('ijkl');
    upper('abcd');
    upper('efgh');
    expect(computed).toEqual(['abcd', 'efgh', 'ijkl', 'efgh']);
    // A text over the whole budget is computed each time, and evicts nothing.
    upper('a very long text');
    upper('a very long text');
    upper('efgh');
    expect(computed).toEqual(['abcd', 'efgh', 'ijkl', 'efgh', 'a very long text', 'a very long text']);
    memo.clear();
    upper('efgh');
    expect(computed.at(-1)).toBe('efgh');
    expect(computed).toHaveLength(7);
  });
});
