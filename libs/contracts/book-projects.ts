import type { PaperType, SavedChapter, TrimSizeId } from '../domain/index.ts';
import type { OwnCoverView, Previews } from './projects.ts';

// Saved books (document 3): My Books, files, deletion and shop settings.

/** POST /api/book-projects. */
export interface SaveBookRequest {
  /** The generated book (project_id from the generator). */
  project_id: string;
  /** Where it was made: one-shot, wizard, ... */
  source?: string;
}

/** PATCH /api/book-projects/{id}/shop: the Publish to Shop toggle and the edit form. */
export interface ShopSettingsRequest {
  published_to_shop?: boolean;
  /** The e-book's price (spec: shop_price). */
  shop_price?: number | null;
  /** One printed copy's price; null offers no print edition. Refused below the copy's print cost plus fees. */
  shop_print_price?: number | null;
  shop_category?: string | null;
  shop_description?: string | null;
  isbn?: string | null;
}

/** A chapter as the saved book lists it (kept as the database stores it: libs/domain). */
export type { SavedChapter };

/** A saved book as the dashboard reads it: the spec's book_projects fields, file URLs served by the API. */
export interface BookProjectView {
  id: string;
  user_id: string;
  project_id: string;
  title: string;
  author: string;
  book_idea: string;
  topic: string;
  /** The book's language, as its BCP 47 tag (see ProjectView.language). */
  language: string;
  outline: { book: { title: string; description: string; target_length: number }; chapters: unknown[] };
  toc_data: { chapter_title: string; chapter_ideas: string[]; estimated_pages: string }[];
  chapters_data: SavedChapter[];
  pdf_blob_url: string | null;
  cover_blob_url: string | null;
  cover_png_url: string | null;
  quarto_project_url: string | null;
  epub_url: string | null;
  docx_url: string | null;
  previews: Previews;
  cover_pdf_template: string | null;
  status: string;
  generation_status: string;
  word_count: number;
  page_count: number | null;
  /** See ProjectView: the trim and paper the book is printed at, and the author's own front cover. */
  trim_size: TrimSizeId;
  paper: PaperType;
  own_cover: OwnCoverView | null;
  /** The built files are older than the text (see ProjectView.files_outdated). */
  files_outdated: boolean;
  /** When the book's files were last built (ISO 8601); null before the first build. */
  files_built_at: string | null;
  writing_style: string;
  target_audience: string | null;
  estimated_length: number | null;
  source: string;
  published_to_shop: boolean;
  published_at: string | null;
  shop_price: number | null;
  shop_print_price: number | null;
  shop_description: string | null;
  shop_category: string;
  isbn: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** DELETE /api/book-projects/{id}. */
export interface BookProjectDeleted {
  id: string;
  deleted: true;
  files_removed: number;
}
