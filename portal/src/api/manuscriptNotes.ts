import type {
  AcceptSuggestionResponse,
  ChapterNotesView,
  CommentThreadView,
  CreateCommentRequest,
  CreateSuggestionRequest,
  ManuscriptChaptersView,
  ReplyRequest,
  SuggestionView,
} from '../../../libs/contracts/index.ts';
import { apiFetch } from './client.ts';

/** Comments and suggested changes on a chapter: the author's routes (under the book's chapters) and the Elite team's (under the request). */
export type { ChapterNotesView, CommentThreadView, ManuscriptChaptersView, NoteWriterView, SuggestionView } from '../../../libs/contracts/index.ts';

const post = (body: unknown = {}): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

/** The calls both sides make, from the chapter's base path. */
function threads(base: string) {
  return {
    notes: () => apiFetch<ChapterNotesView>(`${base}/notes`),
    comment: (body: CreateCommentRequest) => apiFetch<CommentThreadView>(`${base}/comments`, post(body)),
    reply: (commentId: string, body: ReplyRequest) => apiFetch<CommentThreadView>(`${base}/comments/${commentId}/replies`, post(body)),
    resolve: (commentId: string, resolved: boolean) => apiFetch<CommentThreadView>(`${base}/comments/${commentId}/${resolved ? 'resolve' : 'reopen'}`, post()),
  };
}

export type NoteThreadsApi = ReturnType<typeof threads>;

/** The book's author, on a chapter of their book. */
export function authorNotes(projectId: string, chapter: number) {
  const base = `/api/projects/${projectId}/chapters/${chapter}`;
  return {
    ...threads(base),
    accept: (suggestionId: string) => apiFetch<AcceptSuggestionResponse>(`${base}/suggestions/${suggestionId}/accept`, post()),
    reject: (suggestionId: string) => apiFetch<SuggestionView>(`${base}/suggestions/${suggestionId}/reject`, post()),
  };
}

/** A member of the Elite team, on a chapter of an Elite request's book. */
export function teamNotes(requestId: string, chapter: number) {
  const base = `/api/admin/elite-requests/${requestId}/chapters/${chapter}`;
  return {
    ...threads(base),
    suggest: (body: CreateSuggestionRequest) => apiFetch<SuggestionView>(`${base}/suggestions`, post(body)),
    withdraw: (suggestionId: string) => apiFetch<SuggestionView>(`${base}/suggestions/${suggestionId}/withdraw`, post()),
  };
}

/** The request's book's chapters, with what is open on each. */
export const teamManuscript = (requestId: string) => apiFetch<ManuscriptChaptersView>(`/api/admin/elite-requests/${requestId}/manuscript-notes`);
