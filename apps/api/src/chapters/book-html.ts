import type { Response } from 'express';
import type { GeneratedChapter, GeneratorProject } from '../../../../libs/db/index.ts';
import { BOOK_HTML_POLICY, renderBookHtml } from '../../../../libs/render/html.ts';

/** The book as one readable, sanitized HTML page, from its current text (always as new as the text: nothing to build). */
export const bookHtmlOf = (project: GeneratorProject, chapters: GeneratedChapter[]): string =>
  renderBookHtml({
    title: project.title,
    author: project.author,
    language: project.language,
    introduction: project.introduction ?? null,
    chapters: chapters.map((c) => ({ number: c.number, title: c.title, content: c.content })),
    summary: project.summary ?? null,
    references: project.references ?? [],
  });

/** Sends the page under a policy that lets it load and run nothing; as a download when `fileName` is given. */
export function sendBookHtml(res: Response, html: string, fileName?: string): void {
  res.set({
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': BOOK_HTML_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-cache',
    ...(fileName ? { 'Content-Disposition': `attachment; filename="${fileName}"` } : {}),
  });
  res.send(html);
}

/** POST …/build with html: the page needs no build, so html is taken out of the formats a packaging run makes. */
export function withoutHtml(formats: unknown, format: unknown): { html: boolean; formats: unknown; format: unknown } {
  const wanted = formats ?? (format === undefined ? undefined : [format]);
  if (!Array.isArray(wanted) || !wanted.includes('html')) return { html: false, formats, format };
  return { html: true, formats: wanted.filter((f) => f !== 'html'), format: undefined };
}
