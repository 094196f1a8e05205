import type { BookProjectView } from '../../../../libs/contracts/index.ts';
import type { BookProject, SavedBookContents } from '../../../../libs/db/index.ts';
import { bookLanguage, filesOutdated, shelfStatus, SHOP } from '../../../../libs/domain/index.ts';
import { downloadsOf, ownCoverOf } from '../common/project-files.ts';
import { previewsOf } from '../common/previews.ts';

/** A saved book as the dashboard reads it: the spec's book_projects fields, file URLs served by this API. */
export function bookProjectView(book: BookProject, contents: SavedBookContents): BookProjectView {
  const project = book.generatorProject;
  const base = `/api/book-projects/${book.id}`;
  const downloads = downloadsOf(project, base);
  // A finished book keeps its badges; an unfinished one's are read from its project, as it is now.
  const { status, generationStatus } = book.status === 'complete' ? book : shelfStatus(project);
  return {
    id: book.id,
    user_id: book.user.id,
    project_id: project.id,
    title: book.title,
    author: book.author,
    book_idea: book.bookIdea,
    topic: book.topic,
    language: bookLanguage(project.language).tag,
    outline: contents.outline,
    toc_data: contents.tocData,
    chapters_data: contents.chaptersData,
    pdf_blob_url: downloads.pdf ?? null,
    cover_blob_url: downloads['cover-pdf'] ?? null,
    cover_png_url: downloads['cover-png'] ?? null,
    quarto_project_url: downloads.zip ?? null,
    epub_url: downloads.epub ?? null,
    docx_url: downloads.docx ?? null,
    previews: previewsOf(project, base),
    // The cover file is the generator project's, redrawn there for a print service's template: its template is the truth.
    cover_pdf_template: project.coverTemplate ?? book.coverPdfTemplate ?? null,
    status,
    generation_status: generationStatus,
    word_count: contents.wordCount,
    page_count: project.pageCount ?? book.pageCount ?? null,
    trim_size: project.trimSize,
    paper: project.paper,
    own_cover: ownCoverOf(project),
    files_outdated: filesOutdated(project),
    files_built_at: project.builtAt?.toISOString() ?? null,
    writing_style: book.writingStyle,
    target_audience: book.targetAudience ?? null,
    estimated_length: book.estimatedLength ?? null,
    source: book.source,
    published_to_shop: book.publishedToShop,
    published_at: book.publishedAt?.toISOString() ?? null,
    shop_price: book.shopPrice === null || book.shopPrice === undefined ? null : Number(book.shopPrice),
    shop_print_price: book.shopPrintPrice === null || book.shopPrintPrice === undefined ? null : Number(book.shopPrintPrice),
    shop_description: book.shopDescription ?? null,
    shop_category: book.shopCategory || SHOP.defaultCategory,
    isbn: book.isbn ?? null,
    completed_at: book.completedAt?.toISOString() ?? null,
    created_at: book.createdAt.toISOString(),
    updated_at: book.updatedAt.toISOString(),
  };
}
