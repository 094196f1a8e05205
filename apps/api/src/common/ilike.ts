/** A search text as an ILIKE pattern that matches it anywhere, its wildcards taken literally; undefined when there is none. */
export function ilikePattern(q: unknown): string | undefined {
  if (typeof q !== 'string' || !q.trim()) return undefined;
  return `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
