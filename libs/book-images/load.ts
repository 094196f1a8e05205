import type { EntityManager } from '@mikro-orm/core';
import { BookImage, GeneratedChapter, type GeneratorProject } from '../db/index.ts';
import { BOOK_IMAGE_TYPES, bookImagePath, bookImageRef, namedBookImagePaths, trimInches } from '../domain/index.ts';
import type { CoverInput } from '../render/cover.ts';
import type { Manuscript, ManuscriptImage } from '../render/interior.ts';
import type { StorageService } from '../storage/index.ts';

/**
 * The images a book's texts name that are this project's own, with their bytes, keyed by the path the text names
 * them by (Manuscript.images). A path naming another book's image, or none, is not loaded, so no renderer draws it.
 */
export async function loadBookImages(
  em: EntityManager,
  storage: StorageService,
  projectId: string,
  texts: readonly (string | null | undefined)[],
): Promise<Map<string, ManuscriptImage>> {
  const named = namedBookImagePaths(texts);
  const images = new Map<string, ManuscriptImage>();
  if (named.size === 0) return images;
  const ids = [...named].map((path) => (bookImageRef(path) as NonNullable<ReturnType<typeof bookImageRef>>).id);
  const rows = await em.fork().find(BookImage, { project: projectId, id: { $in: ids } });
  for (const row of rows) {
    const path = bookImagePath({ id: row.id, extension: BOOK_IMAGE_TYPES[row.contentType] });
    if (!named.has(path)) continue;
    const bytes = await storage.getBufferIfExists(row.key);
    // An image whose bytes are gone is drawn as any image the book does not hold: not at all.
    if (!bytes) continue;
    images.set(path, { contentType: row.contentType, data: new Uint8Array(bytes), width: row.width, height: row.height });
  }
  return images;
}

/** The book as every renderer reads it: its current text, in chapter order, with the images that text names. */
export async function loadManuscript(em: EntityManager, storage: StorageService, project: GeneratorProject): Promise<{ manuscript: Manuscript; chapters: GeneratedChapter[] }> {
  const chapters = await em.find(GeneratedChapter, { project: project.id }, { orderBy: { number: 'asc' } });
  const manuscript: Manuscript = {
    title: project.title,
    author: project.author,
    language: project.language,
    introduction: project.introduction ?? null,
    chapters: chapters.map((c) => ({ number: c.number, title: c.title, content: c.content })),
    summary: project.summary ?? null,
    references: project.references ?? [],
    trim: trimInches(project.trimSize),
    images: await loadBookImages(em, storage, project.id, [project.introduction, ...chapters.map((c) => c.content), project.summary]),
  };
  return { manuscript, chapters };
}

/** The front image the author uploaded for the book's cover, with its bytes; null when there is none (or its bytes are gone). */
export async function loadCoverFront(storage: StorageService, project: Pick<GeneratorProject, 'coverUpload'>): Promise<CoverInput['frontImage']> {
  const upload = project.coverUpload;
  if (upload?.kind !== 'front') return null;
  const bytes = await storage.getBufferIfExists(upload.key);
  return bytes && { contentType: upload.contentType, data: new Uint8Array(bytes) };
}
