/**
 * Rules every piece of request input obeys, whatever the endpoint: text is valid Unicode without NUL characters
 * (PostgreSQL refuses both), and nesting stays shallow. The API checks them once, before field validation.
 */
export const INPUT_LIMITS = { maxDepth: 32 } as const;

export const InputMessages = {
  nulCharacter: (field: string) => `${field} must not contain NUL characters`,
  invalidUnicode: (field: string) => `${field} is not valid Unicode text`,
  tooDeep: `The request is nested too deeply (at most ${INPUT_LIMITS.maxDepth} levels)`,
  nullNotAllowed: (field: string) => `${field} must not be null`,
} as const;

/** A uuid as PostgreSQL writes it (lower-case hex), as the source of the patterns that find one. */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i');

/** An id as the database keeps them; anything else names no row, so it is not looked up (PostgreSQL would refuse it as a uuid). */
export const isUuid = (value: string) => UUID.test(value);

export interface InputProblem {
  field: string;
  messages: string[];
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string, field: string): InputProblem | null {
  if (text.includes('\0')) return { field, messages: [InputMessages.nulCharacter(field)] };
  if (LONE_SURROGATE.test(text)) return { field, messages: [InputMessages.invalidUnicode(field)] };
  return null;
}

/** The first way `value` (parsed JSON, a query or route parameters) breaks the rules above, if any; iterative, so depth cannot overflow the stack. */
export function inputProblem(value: unknown, root = 'body'): InputProblem | null {
  const stack: { value: unknown; field: string; depth: number }[] = [{ value, field: root, depth: 0 }];
  while (stack.length) {
    const { value: current, field, depth } = stack.pop() as (typeof stack)[number];
    if (typeof current === 'string') {
      const problem = textProblem(current, field);
      if (problem) return problem;
      continue;
    }
    if (typeof current !== 'object' || current === null || ArrayBuffer.isView(current)) continue;
    if (depth >= INPUT_LIMITS.maxDepth) return { field, messages: [InputMessages.tooDeep] };
    for (const [key, child] of Object.entries(current)) {
      const childField = Array.isArray(current) ? `${field}[${key}]` : depth === 0 ? key : `${field}.${key}`;
      const keyProblem = textProblem(key, childField);
      if (keyProblem) return keyProblem;
      stack.push({ value: child, field: childField, depth: depth + 1 });
    }
  }
  return null;
}
