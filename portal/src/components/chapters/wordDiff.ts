import { diffWordsWithSpace } from 'diff';
import type { ChapterCompareResponse } from '../../../../libs/contracts/index.ts';

/** A diff as the versions API answers it: runs of text kept, removed or added. */
export type DiffPart = ChapterCompareResponse['parts'][number];

/** Past this a diff of two very different long texts gives up: one part removed, one added (as the versions API does). */
const DIFF_TIMEOUT_MS = 1000;

/** The word diff of an assistant's proposal against the text it replaces (the library version compares use), spacing kept exactly. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const changes = diffWordsWithSpace(before, after, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) return [{ value: before, removed: true }, { value: after, added: true }];
  return changes.map(({ value, added, removed }) => ({ value, ...(added ? { added } : {}), ...(removed ? { removed } : {}) }));
}
