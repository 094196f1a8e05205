import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { loadManuscript } from '../../../../libs/book-images/index.ts';
import { GeneratedChapter, type GeneratorProject } from '../../../../libs/db/index.ts';
import { DeskMessages, MANUSCRIPT_DOWNLOADS, titledFileName, type ManuscriptDownload } from '../../../../libs/domain/index.ts';
import { renderDocx } from '../../../../libs/render/docx.ts';
import { renderManuscriptMarkdown } from '../../../../libs/render/manuscript-markdown.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import { contentDisposition } from './content-disposition.ts';

/** A route's download format: docx or markdown, or a 400 naming them. */
export function manuscriptFormat(format: string): ManuscriptDownload {
  if (!Object.hasOwn(MANUSCRIPT_DOWNLOADS, format)) throw new BadRequestException(DeskMessages.format);
  return format as ManuscriptDownload;
}

/**
 * The manuscript as the author and the Elite team download it, made from the current text on each request (like the
 * HTML page, nothing to build or keep): DOCX by the same renderer as the book's files, with only the book's own images;
 * Markdown as the revised-manuscript upload reads it.
 */
@Injectable()
export class ManuscriptDownloadService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
  ) {}

  async send(res: Response, project: GeneratorProject, format: ManuscriptDownload): Promise<void> {
    const body = format === 'docx' ? await this.docx(project) : Buffer.from(await this.markdown(project), 'utf8');
    const file = MANUSCRIPT_DOWNLOADS[format];
    res.set({
      'Content-Type': file.type,
      'Content-Disposition': contentDisposition(titledFileName(project.title, file.suffix)),
      'Content-Length': String(body.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(body);
  }

  private async docx(project: GeneratorProject): Promise<Buffer> {
    return renderDocx((await loadManuscript(this.em.fork(), this.storage, project)).manuscript);
  }

  private async markdown(project: GeneratorProject): Promise<string> {
    const chapters = await this.em.fork().find(GeneratedChapter, { project: project.id }, { orderBy: { number: 'asc' }, fields: ['number', 'title', 'content'] });
    return renderManuscriptMarkdown({ title: project.title, author: project.author, language: project.language, chapters });
  }
}
