import { BadRequestException, NotFoundException } from '@nestjs/common';
import type { Response } from 'express';
import type { OwnCoverView } from '../../../../libs/contracts/index.ts';
import type { GeneratorProject } from '../../../../libs/db/index.ts';
import { BOOK_FILE_KINDS, BOOK_FILES, BuildMessages, downloadName, ProjectMessages, type BookFileKind } from '../../../../libs/domain/index.ts';
import type { StorageService } from '../../../../libs/storage/index.ts';
import { contentDisposition } from './content-disposition.ts';

/** Where a kind of file of a project is kept (BOOK_FILES names its columns). */
export function projectFile(project: GeneratorProject, kind: BookFileKind): { key: string | null; size: number | null } {
  const { keyColumn, sizeColumn } = BOOK_FILES[kind];
  return { key: project[keyColumn] ?? null, size: project[sizeColumn] ?? null };
}

/** The kinds this project has files for, each with the API path that serves it. */
export function downloadsOf(project: GeneratorProject, base: string): Partial<Record<BookFileKind, string>> {
  return Object.fromEntries(BOOK_FILE_KINDS.filter((kind) => projectFile(project, kind).key).map((kind) => [kind, `${base}/download/${kind}`]));
}

/** The cover the author uploaded, served to its owner at the project's cover-image route. */
export function ownCoverOf(project: Pick<GeneratorProject, 'id' | 'coverUpload'>): OwnCoverView | null {
  const upload = project.coverUpload;
  const url = `/api/projects/${project.id}/cover-image`;
  if (!upload) return null;
  return upload.kind === 'front' ? { kind: 'front', width: upload.width, height: upload.height, url } : { kind: 'wrap', width_in: upload.widthIn, height_in: upload.heightIn, url };
}

export const isBookFileKind = (kind: string): kind is BookFileKind => (BOOK_FILE_KINDS as string[]).includes(kind);

/** Streams one of the project's files from MinIO under the spec's download name (with the title's letters); objects are never public. */
export async function sendProjectFile(res: Response, storage: StorageService, project: GeneratorProject, kind: string, inline = false): Promise<void> {
  if (!isBookFileKind(kind)) throw new BadRequestException(`Unknown download "${kind}": use ${BOOK_FILE_KINDS.join(', ')}`);
  const { key } = projectFile(project, kind);
  if (!key) throw new NotFoundException(BuildMessages.notBuilt(BOOK_FILES[kind].label));
  await sendObject(res, storage, key, { type: BOOK_FILES[kind].type, name: downloadName(project.title, kind), inline });
}

/**
 * Streams a stored file. A book's download link stays the same through every rebuild, so no cache may keep a file
 * without asking: every request is revalidated against the stored object's ETag, and answered 304 while it is unchanged.
 */
export async function sendObject(res: Response, storage: StorageService, key: string, file: { type: string; name: string; inline?: boolean }): Promise<void> {
  const stored = await storage.stat(key);
  if (!stored) throw new NotFoundException(ProjectMessages.fileNotFound);
  res.set({
    'Content-Type': file.type,
    'Content-Disposition': contentDisposition(file.name, file.inline),
    'Cache-Control': 'private, no-cache',
    ETag: `"${stored.etag}"`,
    'Last-Modified': stored.lastModified.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  });
  if (res.req.fresh) {
    res.status(304).end();
    return;
  }
  const stream = await storage.getStreamIfExists(key);
  if (!stream) throw new NotFoundException(ProjectMessages.fileNotFound);
  res.set('Content-Length', String(stored.size));
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
