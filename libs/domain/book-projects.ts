import { fitUtf8, TITLE_IN_FILE_NAME_BYTES } from './generation.ts';

// Book projects (spec 3): what a saved book is called, how it is shown, and the shop's rules.

export const ProjectMessages = {
  notAuthenticated: 'User not authenticated',
  signInToSave: 'Please sign in to save your book to the dashboard.',
  signInToSaveWizard: 'Please sign in to save your book to your account.',
  bookDataMissing: 'Book data is not available. Please regenerate the book.',
  notFound: 'Project not found or access denied',
  saveFailed: 'Failed to save book to your account. Please try again.',
  deleteConfirm: 'Are you sure? This will permanently delete this book project and all associated files.',
  fileNotFound: 'File not found in storage',
  fetchFailed: 'Failed to fetch book projects',
  deleteUnavailable: 'This book is being written and cannot be stopped right now. Please try again shortly.',
  deleteFailed: (reason: string) => `Failed to delete project: ${reason || 'Unknown error'}`,
  downloadFailed: (kind: string, reason: string) => `Failed to download ${kind}: ${reason || 'Unknown error'}`,
  shopUpdateFailed: 'Failed to update shop settings',
  publishFirst: 'Publish the book to the shop before editing its shop settings',
  priceTooLow: 'Price must be at least $0.01',
  priceCents: 'Price can have at most two decimal places (cents)',
  priceTooHigh: 'Price must be at most $99,999.99',
  invalidCategory: (list: readonly string[]) => `Category must be one of: ${list.join(', ')}`,
  invalidIsbn: 'ISBN must be a valid ISBN-13 or ISBN-10 (check digit included)',
  descriptionTooLong: 'Marketing description must be at most 2,000 characters',
} as const;

export const SHOP = {
  defaultPrice: 19.99,
  minPrice: 0.01,
  maxPrice: 99_999.99,
  defaultCategory: 'AI-Generated',
  descriptionMax: 2000,
} as const;

export const SHOP_CATEGORIES = [
  'AI-Generated',
  'Business',
  'Self-Help',
  'Education',
  'Technology',
  'Health & Wellness',
  'History',
  'Science',
  'Fiction',
  'Children',
  'Reference',
  'Other',
] as const;

/** Where the dashboard truncates: the card's book idea, the shop's marketing description. */
export const CARD_IDEA_CHARS = 200;
export const SHOP_DESCRIPTION_CHARS = 150;

export const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}...` : text);

/** Status badge: 'complete', 'generating', 'outline_complete' ('Outlined'); anything else is a draft. */
export function statusLabel(status: string): string {
  return ({ complete: 'Complete', generating: 'Generating', outline_complete: 'Outlined' } as Record<string, string>)[status] ?? 'Draft';
}

/** Generation badge: completed is 'Generated'; pending is the default. */
export function generationLabel(status: string): string {
  return ({ completed: 'Generated', generating: 'Generating', failed: 'Failed' } as Record<string, string>)[status] ?? 'Pending';
}

/**
 * The files a finished book has: their download names (spec: title_book.pdf …), types, and the project's columns
 * that hold each one's object key and size.
 */
export const BOOK_FILES = {
  pdf: { label: 'PDF Book', suffix: 'book.pdf', type: 'application/pdf', keyColumn: 'pdfKey', sizeColumn: 'pdfSize' },
  'cover-pdf': { label: 'Cover', suffix: 'cover.pdf', type: 'application/pdf', keyColumn: 'coverPdfKey', sizeColumn: 'coverPdfSize' },
  'cover-png': { label: 'Cover PNG', suffix: 'cover.png', type: 'image/png', keyColumn: 'coverPngKey', sizeColumn: 'coverPngSize' },
  zip: { label: 'Quarto Project', suffix: 'project.zip', type: 'application/zip', keyColumn: 'zipKey', sizeColumn: 'zipSize' },
  epub: { label: 'EPUB', suffix: 'book.epub', type: 'application/epub+zip', keyColumn: 'epubKey', sizeColumn: 'epubSize' },
  docx: { label: 'Word (DOCX)', suffix: 'book.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', keyColumn: 'docxKey', sizeColumn: 'docxSize' },
} as const;
export type BookFileKind = keyof typeof BOOK_FILES;
export const BOOK_FILE_KINDS = Object.keys(BOOK_FILES) as BookFileKind[];

/** A generated book may be opened by its owner, or by anyone holding the id of a book made signed out. */
export const mayOpenProject = (project: { user?: { id: string } | null }, userId: string | undefined) => !project.user || project.user.id === userId;

/**
 * A download's name from a book's title (the spec's Title_book.pdf): the title's letters, marks and digits in any
 * script, each run of anything else one underscore, then the suffix — a Japanese or Arabic title keeps its letters.
 * A long title gives its start, so the name fits a file system's 255 bytes.
 */
export const titledFileName = (title: string, suffix: string) => `${fitUtf8(title.replace(/[^\p{L}\p{M}\p{N}]+/gu, '_'), TITLE_IN_FILE_NAME_BYTES)}_${suffix}`;

export const downloadName = (title: string, kind: BookFileKind) => titledFileName(title, BOOK_FILES[kind].suffix);

/** True for a valid ISBN-13 (978/979, mod-10 weights 1,3) or ISBN-10 (mod-11, X as 10); hyphens and spaces ignored. */
function isValidIsbn(raw: string): boolean {
  const isbn = raw.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{13}$/.test(isbn)) {
    const sum = [...isbn].reduce((acc, d, i) => acc + Number(d) * (i % 2 ? 3 : 1), 0);
    return sum % 10 === 0;
  }
  if (/^\d{9}[\dX]$/.test(isbn)) {
    const sum = [...isbn].reduce((acc, d, i) => acc + (d === 'X' ? 10 : Number(d)) * (10 - i), 0);
    return sum % 11 === 0;
  }
  return false;
}

export interface ShopSettingsInput {
  shop_price?: number | null | undefined;
  shop_print_price?: number | null | undefined;
  shop_category?: string | null | undefined;
  shop_description?: string | null | undefined;
  isbn?: string | null | undefined;
}

/** Field-by-field problems with a shop-settings edit; empty when it may be saved. */
export function shopProblems(input: ShopSettingsInput): { field: string; messages: string[] }[] {
  const problems: { field: string; messages: string[] }[] = [];
  for (const field of ['shop_price', 'shop_print_price'] as const) {
    const price = input[field];
    if (price === undefined || price === null) continue;
    if (typeof price !== 'number' || !Number.isFinite(price) || price < SHOP.minPrice) problems.push({ field, messages: [ProjectMessages.priceTooLow] });
    else if (price > SHOP.maxPrice) problems.push({ field, messages: [ProjectMessages.priceTooHigh] });
    else if (Math.abs(Math.round(price * 100) - price * 100) > 1e-6) problems.push({ field, messages: [ProjectMessages.priceCents] });
  }
  if (input.shop_category !== undefined && input.shop_category !== null && !(SHOP_CATEGORIES as readonly string[]).includes(input.shop_category)) {
    problems.push({ field: 'shop_category', messages: [ProjectMessages.invalidCategory(SHOP_CATEGORIES)] });
  }
  if (input.shop_description && input.shop_description.length > SHOP.descriptionMax) problems.push({ field: 'shop_description', messages: [ProjectMessages.descriptionTooLong] });
  if (input.isbn && input.isbn.trim() && !isValidIsbn(input.isbn)) problems.push({ field: 'isbn', messages: [ProjectMessages.invalidIsbn] });
  return problems;
}

/**
 * A book's badges in My Books, read from its generator project: finished; failed; being written in one go; or, for a
 * book written step by step, a draft (outlined once its outline exists) waiting for its author.
 */
export function shelfStatus(project: { stage: string; failedStage?: string | null; completedAt?: Date | null; mode: 'auto' | 'step'; outline?: readonly unknown[] | null }): { status: string; generationStatus: string } {
  if (project.stage === 'complete' || project.completedAt) return { status: 'complete', generationStatus: 'completed' };
  const draft = project.outline?.length ? 'outline_complete' : 'draft';
  if (project.failedStage) return { status: draft, generationStatus: 'failed' };
  if (project.mode === 'auto' && project.stage !== 'cancelled') return { status: 'generating', generationStatus: 'generating' };
  return { status: draft, generationStatus: project.stage === 'cancelled' ? 'failed' : 'pending' };
}

/**
 * The page that picks an unfinished book up where it was left, opened on it: the one-shot page follows a book written
 * in one go; a book written step by step continues in the wizard or flow (/workflow, /demo) it was started in, or in
 * the AI Book Generator.
 */
export function resumePath(book: { project_id: string; source: string }): string {
  const page = ({ 'one-shot': '/one-shot', legacy: '/ai-generator-legacy', quarto: '/quarto', workflow: '/workflow', demo: '/demo' } as Record<string, string>)[book.source] ?? '/ai-generator';
  return `${page}?project=${encodeURIComponent(book.project_id)}`;
}
