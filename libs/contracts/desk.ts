import type { TrimSizeId } from '../domain/index.ts';

/** GET /api/admin/elite-requests/{id}/book: the request's book as the Elite team's desk opens it. */
export interface EliteDeskBookView {
  /** The book's project: its chapters are edited through the request's routes, never this id's. */
  project_id: string;
  title: string;
  author: string;
  /** The book's language, as its BCP 47 tag. */
  language: string;
  chapters: { number: number; title: string; words: number }[];
  page_count: number | null;
  trim_size: TrimSizeId;
  /** The cover uploaded for the book (by its author or the team): a front image, a full wrap, or none (the design's own). */
  own_cover: 'front' | 'wrap' | null;
  /** The size a full-wrap cover of this book must be; null before the book is built. */
  cover_size: { width_in: number; height_in: number; spine_in: number } | null;
}
