import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, inputProblem, InputMessages } from './input.ts';

describe('inputProblem', () => {
  it('accepts ordinary text, numbers, nulls and emoji (surrogate pairs)', () => {
    expect(inputProblem({ title: 'Bees 🐝 in town', n: 3, list: ['a', null, { deep: 'ok' }] })).toBeNull();
  });

  it('names the field holding a NUL character, at any depth', () => {
    expect(inputProblem({ title: 'a\0b' })).toEqual({ field: 'title', messages: [InputMessages.nulCharacter('title')] });
    expect(inputProblem({ data: { full_name: 'x\u0000' } })?.field).toBe('data.full_name');
    expect(inputProblem({ toc: [{ chapter_ideas: ['ok', '\0'] }] })?.field).toBe('toc[0].chapter_ideas[1]');
    expect(inputProblem({ 'k\0': 1 })?.messages).toEqual([InputMessages.nulCharacter('k\0')]);
  });

  it('refuses lone UTF-16 surrogates but not pairs', () => {
    expect(inputProblem({ email: 'a\uD800@example.com' })?.messages).toEqual([InputMessages.invalidUnicode('email')]);
    expect(inputProblem({ email: '\uDC00' })?.field).toBe('email');
    expect(inputProblem({ email: 'x\uD83D\uDE00' })).toBeNull();
  });

  it('names a route or query parameter by its name', () => {
    expect(inputProblem('abc\0', 'id')).toEqual({ field: 'id', messages: [InputMessages.nulCharacter('id')] });
  });

  it('refuses nesting deeper than the limit without recursion (5,000 levels)', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(inputProblem({ a: deep })?.messages).toEqual([InputMessages.tooDeep]);
    let ok: unknown = 1;
    for (let i = 0; i < INPUT_LIMITS.maxDepth - 1; i++) ok = { ok };
    expect(inputProblem(ok)).toBeNull();
  });
});
