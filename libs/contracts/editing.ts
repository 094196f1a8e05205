import type { AssistAction, AssistStatus, BookImageType, ChapterEditorRole, ChapterVersionSource, PaperType, TrimSizeId } from '../domain/index.ts';

/** GET /api/projects/{id}/chapters/{order}: a chapter as the editor opens it. */
export interface EditableChapterView {
  number: number;
  title: string;
  content: string;
  word_count: number;
  /** The chapter's current version number: send it back as base_version when saving. */
  version: number;
  updated_at: string;
}

/** PUT /api/projects/{id}/chapters/{order} (spec §7.3 {title, content}); base_version guards against overwriting a newer save (409). */
export interface UpdateChapterRequest {
  title: string;
  content: string;
  base_version?: number;
  /** Set when the text is an AI Writing Assistant change the author accepted. */
  assist_id?: string;
}

/** PATCH /api/projects/{id}/settings: the book's settings the author changes in the editor; a field left out stays as it is. */
export interface BookSettingsRequest {
  /** A BCP 47 tag (or its English name) of a listed language. */
  language?: string;
  /** The trim the book is printed at: 5x8, 5.25x8, 5.5x8.5, 6x9, 7x10 or 8.5x11 (inches). */
  trim_size?: TrimSizeId;
  /** The paper a black-and-white book is printed on. */
  paper?: PaperType;
}

export interface ChapterVersionView {
  id: string;
  chapter: number;
  version: number;
  source: ChapterVersionSource;
  /** Who made it: the author's e-mail, a team member's name (an author reads their display name or "Pressroom team"), or the provider/model that wrote it. */
  by: string | null;
  /** Saved by the book's author or by the Elite team; null for a model's writing. */
  by_role: ChapterEditorRole | null;
  title: string;
  words: number;
  created_at: string;
}
export interface ChapterVersionDetail extends ChapterVersionView {
  content: string;
}
/** GET /api/projects/{id}/chapters/{order}/versions: newest first. */
export interface ChapterVersionsResponse {
  chapter: number;
  current_version: number;
  versions: ChapterVersionView[];
}
/** GET /api/projects/{id}/removed-chapters: chapters taken out of the book, newest first, as their last version shows them. */
export interface RemovedChaptersResponse {
  removed: {
    /** Names it in POST /api/projects/{id}/removed-chapters/{key}/put-back. */
    key: number;
    title: string;
    words: number;
    last_saved_at: string;
  }[];
}
/** GET /api/projects/{id}/chapters/{order}/versions/compare?a=&b=: a word diff from a to b. */
export interface ChapterCompareResponse {
  a: ChapterVersionView;
  b: ChapterVersionView;
  parts: { value: string; added?: boolean; removed?: boolean }[];
}

/** POST /api/projects/{id}/chapters/{order}/assist: one AI Writing Assistant change, on a selection or the whole chapter. */
export interface AssistRequest {
  action: AssistAction;
  /** Character offsets in the chapter's content; absent for the whole chapter. */
  selection?: { start: number; end: number };
  instruction?: string;
  /** The version the selection's offsets refer to. */
  base_version?: number;
}
/** The change proposed: the text it replaces and the text it proposes; accepted through PUT …/chapters/{order} with assist_id. */
export interface AssistView {
  id: string;
  chapter: number;
  action: AssistAction;
  status: AssistStatus;
  selection: { start: number; end: number } | null;
  original: string;
  proposal: string | null;
  /** The whole chapter with the proposal in place of the original: what accepting saves. */
  result: string | null;
  error: string | null;
  provider: string;
  model: string | null;
  cost_usd: number;
  created_at: string;
}

/** One chapter of an edited outline (the outline's own shape); `from` is its number before the edit, absent when new. */
export interface OutlineEditChapter {
  title: string;
  description: string;
  key_points: string[];
  target_words: number;
  from?: number;
}
/**
 * PUT /api/projects/{id}/outline, in the outline's own shape ({chapters}) or the spec's (§7.3: {outline: {chapters:
 * [{number, title, topics, estimated_pages}], total_pages, summary}}, where `number` is the chapter's number before
 * the edit and the list's order is the new order).
 */
export interface UpdateOutlineRequest {
  chapters?: OutlineEditChapter[];
  outline?: {
    chapters: { number?: number; title: string; topics?: string[]; estimated_pages?: number | string }[];
    total_pages?: number;
    summary?: string;
  };
}

/** POST /api/projects/{id}/images (multipart: `image`, optional `alt`) and GET /api/projects/{id}/images: a book's own image. */
export interface BookImageView {
  id: string;
  /** The path chapters name it by: `images/<id>.png`. */
  path: string;
  /** Ready to insert into a chapter: `![alt](images/<id>.png)`. */
  markdown: string;
  filename: string;
  content_type: BookImageType;
  size: number;
  width: number;
  height: number;
  /** GET: the image's bytes, for its owner only. */
  url: string;
  created_at: string;
}
