import type { AssistView } from '../../../../libs/contracts/index.ts';
import type { AssistChange } from '../../../../libs/db/index.ts';
import { assistResult } from '../../../../libs/domain/index.ts';

export const selectionOf = (change: Pick<AssistChange, 'selectionStart' | 'selectionEnd'>) =>
  change.selectionStart === null || change.selectionStart === undefined || change.selectionEnd === null || change.selectionEnd === undefined
    ? null
    : { start: change.selectionStart, end: change.selectionEnd };

/**
 * An assistant change as the editor shows it. `baseContent` is the chapter's text at the change's base version (the
 * text its selection's offsets refer to); `result` is that text with the proposal in place, once there is one.
 */
export function assistView(change: AssistChange, baseContent: string): AssistView {
  const selection = selectionOf(change);
  const proposal = change.proposal ?? null;
  return {
    id: change.id,
    chapter: change.chapter,
    action: change.action,
    status: change.status,
    selection,
    original: change.original,
    proposal,
    result: proposal === null ? null : assistResult(baseContent, selection, proposal),
    error: change.error ?? null,
    provider: change.provider,
    model: change.model ?? null,
    cost_usd: Number(change.costUsd),
    created_at: change.createdAt.toISOString(),
  };
}
