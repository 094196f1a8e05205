import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { loadManuscript } from '../../../../libs/book-images/index.ts';
import type { GeneratorProject } from '../../../../libs/db/index.ts';
import { BOOK_HTML_POLICY, renderBookHtml } from '../../../../libs/render/html.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import { contentDisposition } from './content-disposition.ts';

/** The book as one readable, sanitized HTML page, from its current text (always as new as the text: nothing to build). */
@Injectable()
export class BookHtmlService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
  ) {}

  async page(project: GeneratorProject): Promise<string> {
    return renderBookHtml((await loadManuscript(this.em.fork(), this.storage, project)).manuscript);
  }
}

/** Sends the page under a policy that lets it load and run nothing; as a download when `fileName` is given. */
export function sendBookHtml(res: Response, html: string, fileName?: string): void {
  res.set({
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': BOOK_HTML_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-cache',
    ...(fileName ? { 'Content-Disposition': contentDisposition(fileName) } : {}),
  });
  res.send(html);
}

/** POST …/build with html: the page needs no build, so html is taken out of the formats a packaging run makes. */
export function withoutHtml(formats: unknown, format: unknown): { html: boolean; formats: unknown; format: unknown } {
  const wanted = formats ?? (format === undefined ? undefined : [format]);
  if (!Array.isArray(wanted) || !wanted.includes('html')) return { html: false, formats, format };
  return { html: true, formats: wanted.filter((f) => f !== 'html'), format: undefined };
}
