import type { MikroORM } from '@mikro-orm/core';
import { GeneratedChapter, GeneratorProject } from '../../libs/db/index.ts';
import type { StorageService } from '../../libs/storage/index.ts';
import { renderEpub } from './epub.ts';
import { renderInterior, type Manuscript } from './interior.ts';

/** Where a project's files live: `{userId or anonymous}/{projectId}/{timestamp}_{name}`. */
export const projectFileKey = (project: GeneratorProject, name: string, at = new Date()) =>
  `${project.user?.id ?? 'anonymous'}/${project.id}/${at.toISOString().replace(/[:.]/g, '-')}_${name}`;

export function createRenderActivities({ orm, storage }: { orm: MikroORM; storage: StorageService }) {
  async function load(projectId: string) {
    const em = orm.em.fork();
    const project = await em.findOneOrFail(GeneratorProject, { id: projectId }, { populate: ['user'] });
    const chapters = await em.find(GeneratedChapter, { project: projectId }, { orderBy: { number: 'asc' } });
    const manuscript: Manuscript = {
      title: project.title,
      author: project.author,
      language: project.language,
      introduction: project.introduction ?? null,
      chapters: chapters.map((c) => ({ number: c.number, title: c.title, content: c.content })),
      summary: project.summary ?? null,
      references: project.references ?? [],
    };
    return { em, project, manuscript };
  }

  return {
    /** Typesets the interior PDF, stores it in MinIO and records its key, size and real page count. */
    async buildInterior(projectId: string): Promise<{ pageCount: number; size: number }> {
      const { em, project, manuscript } = await load(projectId);
      const { pdf, pageCount } = renderInterior(manuscript);
      const key = projectFileKey(project, 'book.pdf');
      await storage.put(key, pdf, 'application/pdf', pdf.length, 'max-age=3600');
      const previous = project.pdfKey;
      Object.assign(project, { pdfKey: key, pdfSize: pdf.length, pageCount, builtAt: new Date() });
      await em.flush();
      if (previous && previous !== key) await storage.delete(previous);
      return { pageCount, size: pdf.length };
    },

    /** The EPUB 3 of the same manuscript, stored beside the PDF. */
    async buildEpub(projectId: string): Promise<{ size: number }> {
      const { em, project, manuscript } = await load(projectId);
      const book = await renderEpub(manuscript);
      const key = projectFileKey(project, 'book.epub');
      await storage.put(key, book, 'application/epub+zip', book.length, 'max-age=3600');
      const previous = project.epubKey;
      Object.assign(project, { epubKey: key, epubSize: book.length });
      await em.flush();
      if (previous && previous !== key) await storage.delete(previous);
      return { size: book.length };
    },
  };
}
