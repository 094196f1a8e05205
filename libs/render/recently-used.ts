/**
 * A memo of values computed from texts, keeping the most recently used within a budget of characters (the keys'
 * lengths): the oldest are forgotten first.
 */
export function recentlyUsed<T>(limitChars: number) {
  const entries = new Map<string, T>();
  let chars = 0;
  const memo = (key: string, compute: () => T): T => {
    const hit = entries.get(key);
    if (hit !== undefined) {
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const value = compute();
    if (key.length > limitChars) return value;
    entries.set(key, value);
    chars += key.length;
    for (const [oldest] of entries) {
      if (chars <= limitChars) break;
      entries.delete(oldest);
      chars -= oldest.length;
    }
    return value;
  };
  memo.clear = () => {
    entries.clear();
    chars = 0;
  };
  return memo;
}
