import type { BookFileKind, BookReference, ColorScheme, ContentDepth, CoverTemplate, DesignStyle, GenerationMode, PaperType, ProviderId, TrimSizeId } from '../domain/index.ts';

// The generation API (document 2, section 7): the staged calls, the one-shot run and its status, the build and the cover.

/** Requests. Every field is optional on the wire; the service applies the spec's defaults and rules. */

/** How a cover is made: template (spine), design style and colour scheme. */
export interface CoverRequest {
  ai_model?: string;
  template?: CoverTemplate;
  design_style?: DesignStyle;
  color_scheme?: ColorScheme;
  include_spine_title?: boolean;
}

/** POST /api/projects and /api/projects/generate-complete. */
export interface CreateProjectRequest extends CoverRequest {
  /** Which page started the book (one-shot, wizard, workflow, …): a signed-in author's book is in My Books from its start, and Resume returns there. */
  source?: string;
  title?: string;
  author?: string;
  book_idea?: string;
  total_target_words?: number;
  name?: string;
  /** The book idea (the one-shot page sends book_idea). */
  topic?: string;
  writing_style?: string;
  target_pages?: number;
  chapter_count?: number;
  /** The book's language: a BCP 47 tag (en, ja, ar, zh-Hant, pt-BR…) or its English name (Japanese); default en. */
  language?: string;
  /** null: every chapter; []: none; [n…]: those. */
  chapters_to_generate?: number[] | null;
  /** sequential, parallel (default) or selective (only chapters_to_generate). */
  generation_mode?: string;
  /** outline, draft or polished (default). */
  content_depth?: string;
  include_cover?: boolean;
  formats?: string[];
  /** source_materials_id from /api/intelligent/process-sources. */
  source_materials?: string;
}

/** The staged calls' bodies: ai_model and, for the outline, the brief again with its chapter count and style. */
export interface StageRequest {
  ai_model?: string;
  chapter_count?: number;
  book_style?: string;
  title?: string;
  author?: string;
  book_idea?: string;
  chapters_to_generate?: number[] | null;
  generation_mode?: string;
  content_depth?: string;
}

/** POST /api/projects/{id}/build: a list of formats, or the older single format. */
export interface BuildRequest {
  formats?: string[];
  format?: string;
  engine?: string;
}

/** Responses. */

export interface CreatedProject {
  project_id: string;
  name: string;
}

export interface GenerationStarted {
  orchestration_id: string;
  project_id: string;
  check_status_url: string;
}

export type ChapterStatus = 'pending' | 'writing' | 'generated' | 'failed';

export interface StageEvent {
  stage: string;
  message: string;
  completed: boolean;
  timestamp: string;
}

/** GET /api/projects/{id}/lifecycle: the book workflow's own progress, as its query answers it. */
export interface BookProgress {
  projectId: string;
  mode: 'auto' | 'step';
  stage: string;
  percent: number;
  message: string;
  history: StageEvent[];
  currentChapter: number | null;
  chapterCount: number;
  chapters: Record<number, ChapterStatus>;
  /** Words of each written chapter. */
  chapterWords: Record<number, number>;
  wordsSoFar: number;
  failedStage: string | null;
  error: string | null;
}

/** GET /api/projects/orchestration/{id}/status. */
export interface OrchestrationStatus {
  status: 'running' | 'completed' | 'failed' | 'cancelled';
  /** The book's title, so a page opened on the book by its id (My Books' Watch progress) can name it. */
  title: string;
  author: string;
  current_step: string;
  progress: number;
  message: string;
  steps_completed: string[];
  stage_history: StageEvent[];
  toc_details: { chapter_count: number };
  current_chapter: { number: number; title: string } | null;
  chapters: Record<number, ChapterStatus>;
  words_so_far: number;
  ai_provider_calls: number;
  total_cost: number;
  project_id: string;
  cover_complete: boolean;
  downloads: Partial<Record<BookFileKind, string>>;
  failed_stage: string | null;
  error: string | null;
}

/** The preview images a project has: its first pages and the front cover. */
export interface Previews {
  page_count: number | null;
  pages: { page: number; url: string }[];
  cover: string | null;
}

/** One chapter of an outline (the spec's toc entry, with the older field names too). */
export interface TocEntry {
  chapter_number: number;
  title: string;
  chapter_title: string;
  description: string;
  chapter_description: string;
  key_points: string[];
  chapter_ideas: string[];
  target_words: number;
  estimated_pages: string;
}

export interface ChapterView {
  chapter_number: number;
  chapter_title: string;
  content: string;
  word_count: number;
  estimated_pages: number;
  status: 'generated';
  generated_at: string;
}

/** POST /api/projects/{id}/chapters/{n}/regenerate: the chapter, and the version its new text was saved as. */
export interface RegeneratedChapter extends ChapterView {
  version: number;
}

/** The cover an author uploaded, at `url`: a front image (its pixel size) or a full-wrap PDF (its size in inches). */
export type OwnCoverView = { kind: 'front'; width: number; height: number; url: string } | { kind: 'wrap'; width_in: number; height_in: number; url: string };

/** POST /api/projects/{id}/cover-image: the book's cover with the author's own, and how sharp a front image prints. */
export interface OwnCoverAnswer extends CoverAnswer {
  own_cover: OwnCoverView;
  /** A front image's resolution at the book's trim (with bleed), null for a wrap; under 300 a warning says it may print soft. */
  dpi: number | null;
  warning: string | null;
}

/** GET /api/projects/{id}. */
export interface ProjectView {
  project_id: string;
  name: string;
  title: string;
  author: string;
  topic: string;
  writing_style: string;
  /** The book's language, as its BCP 47 tag (en, ja, zh-Hant…), and that language's English name. */
  language: string;
  language_name: string;
  /** How the book's chapters are written (from its brief, then its last chapters stage); null: parallel, polished. */
  generation_mode: GenerationMode | null;
  content_depth: ContentDepth | null;
  total_target_words: number;
  ai_model: ProviderId;
  stage: string;
  failed_stage: string | null;
  error: string | null;
  outline: { chapters: TocEntry[] } | null;
  introduction: string | null;
  chapters: ChapterView[];
  summary: string | null;
  source_materials: string | null;
  /** Each cited source: number, file name, and (books finished since titles were kept) its title and the passages quoted. */
  references: BookReference[];
  finalized: boolean;
  pdf_path: string | null;
  cover_path: string | null;
  page_count: number | null;
  /** The trim and paper the book is printed at (PATCH settings), and the front cover the author uploaded, if any. */
  trim_size: TrimSizeId;
  paper: PaperType;
  own_cover: OwnCoverView | null;
  /** The size a full-wrap cover of this book must be (its template, trim, paper and page count); null before it is built. */
  cover_size: { width_in: number; height_in: number; spine_in: number } | null;
  /** The built files are older than the text (a chapter changed after the last build, or changed and was never built). */
  files_outdated: boolean;
  ai_provider_calls: number;
  total_cost: number;
  created_at: string;
}

export interface OutlineAnswer {
  toc: TocEntry[];
}

export interface IntroductionAnswer {
  introduction: string | null;
}

export interface ChaptersAnswer {
  chapters_generated: number;
  chapters: ChapterView[];
}

export interface SummaryAnswer {
  summary: string | null;
}

/** GET /api/projects/{id}/writing: whether a stage is writing the book now (a page reopened mid-stage waits for it). */
export interface WritingAnswer {
  writing: boolean;
}

export interface FinalizeAnswer {
  status: 'finalized';
  project_id: string;
}

export interface CancelAnswer {
  project_id: string;
  status: 'cancelling';
}

/** POST /api/projects/{id}/build and GET …/build/status. */
export interface BuildStatus {
  status: 'not_started' | 'building' | 'complete' | 'error';
  message: string;
  error: string | null;
  page_count: number | null;
  pdf_size: number | null;
  downloads: Partial<Record<BookFileKind, string>>;
}

/** POST /api/projects/{id}/generate-cover. */
export interface CoverAnswer {
  status: 'complete';
  template: string | null;
  page_count: number | null;
  cover_pdf_size: number | null;
  cover_png_size: number | null;
  cover_pdf_url: string;
  cover_png_url: string;
}

/** POST /api/projects/{id}/generate-chapters/stream: the chapter stage as server-sent events. */
export type ChapterEvent =
  | { event: 'chapter_start'; data: { chapter_number: number; current: number; total_chapters: number; chapter_title: string } }
  | { event: 'progress'; data: { stage: number; progress: number; message: string } }
  | { event: 'chapter_complete'; data: { chapter_number: number; word_count: number } }
  | { event: 'all_complete'; data: { chapters_generated: number; total_word_count: number } }
  | { event: 'error'; data: { message: string } };

/** GET /api/projects/orchestration/{id}/status/stream: the book's status each time it changes, until it is final. */
export type OrchestrationStatusEvent = { event: 'status'; data: OrchestrationStatus };
