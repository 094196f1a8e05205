// Comments and suggested changes on a chapter (issue 31). The author's routes are under
// /api/projects/{id}/chapters/{order}/…, the Elite team's under /api/admin/elite-requests/{requestId}/chapters/{order}/…;
// both answer the same shapes.
import type { EditableChapterView } from './editing.ts';
import type { ChapterEditorRole, SuggestionStatus } from '../domain/index.ts';

/** Who wrote a note, as the reader may see them: a team member by their display name (or "Pressroom team"), never by e-mail. */
export interface NoteWriterView {
  role: ChapterEditorRole;
  name: string;
  /** The reader wrote it. */
  you: boolean;
}

/** Where a note's passage is in the chapter's current text; null when the passage is gone (the note is detached). */
export interface NoteAnchorView {
  quote: string;
  /** Where the passage was when the note was written, and the chapter version then. */
  start: number;
  end: number;
  base_version: number;
  /** Where it is now. */
  current: { start: number; end: number } | null;
  detached: boolean;
}

export interface NoteReplyView {
  id: string;
  body: string;
  by: NoteWriterView;
  created_at: string;
}

/** A comment on a passage, with its replies in order. */
export interface CommentThreadView {
  id: string;
  chapter: number;
  anchor: NoteAnchorView;
  body: string;
  by: NoteWriterView;
  created_at: string;
  replies: NoteReplyView[];
  resolved: boolean;
  resolved_at: string | null;
  resolved_by: NoteWriterView | null;
}

/** A proposal to replace a passage; the author accepts (a new chapter version) or rejects it. */
export interface SuggestionView {
  id: string;
  chapter: number;
  anchor: NoteAnchorView;
  /** The text that would take the passage's place (empty: delete it). */
  replacement: string;
  note: string | null;
  by: NoteWriterView;
  created_at: string;
  status: SuggestionStatus;
  decided_at: string | null;
  decided_by: NoteWriterView | null;
  /** The chapter version accepting it made. */
  applied_version: number | null;
}

/** GET …/chapters/{order}/notes: the chapter as it is now, its comment threads and its suggestions (oldest first). */
export interface ChapterNotesView {
  chapter: { number: number; title: string; content: string; version: number };
  comments: CommentThreadView[];
  /** The author never sees a withdrawn suggestion; the team does. */
  suggestions: SuggestionView[];
  /** Why nothing can be written here (the Elite request is closed), or null while notes may be added. */
  read_only: string | null;
}

/** A passage of the chapter's current text, as selected: its offsets and its text (they must agree). */
export interface NotePassage {
  start: number;
  end: number;
  quote: string;
}

/** POST …/chapters/{order}/comments */
export interface CreateCommentRequest extends NotePassage {
  body: string;
}

/** POST …/comments/{commentId}/replies */
export interface ReplyRequest {
  body: string;
}

/** POST /api/admin/elite-requests/{id}/chapters/{order}/suggestions (the team's; …/suggestions/{suggestionId}/withdraw takes it back). */
export interface CreateSuggestionRequest extends NotePassage {
  replacement: string;
  note?: string;
}

/** POST /api/projects/{id}/chapters/{order}/suggestions/{suggestionId}/accept: the chapter as saved, and the suggestion as accepted. */
export interface AcceptSuggestionResponse {
  chapter: EditableChapterView;
  suggestion: SuggestionView;
}

/** GET /api/admin/elite-requests/{id}/manuscript: the request's book's chapters with their open notes. */
export interface ManuscriptChaptersView {
  project_id: string;
  chapters: { number: number; title: string; open_comments: number; pending_suggestions: number }[];
}
