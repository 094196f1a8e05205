import type { MikroORM } from '@mikro-orm/core';
import { GeneratedChapter, GeneratorProject } from '../../libs/db/index.ts';
import type { StorageService } from '../../libs/storage/index.ts';
import { renderInterior } from './interior.ts';

/** Where a project's files live: `{userId or anonymous}/{projectId}/{timestamp}_{name}`. */
export const projectFileKey = (project: GeneratorProject, name: string, at = new Date()) =>
  `${project.user?.id ?? 'anonymous'}/${project.id}/${at.toISOString().replace(/[:.]/g, '-')}_${name}`;

export function createRenderActivities({ orm, storage }: { orm: MikroORM; storage: StorageService }) {
  return {
    /** Typesets the interior PDF, stores it in MinIO and records its key, size and real page count. */
    async buildInterior(projectId: string): Promise<{ pageCount: number; size: number }> {
      const em = orm.em.fork();
      const project = await em.findOneOrFail(GeneratorProject, { id: projectId }, { populate: ['user'] });
      const chapters = await em.find(GeneratedChapter, { project: projectId }, { orderBy: { number: 'asc' } });
      const { pdf, pageCount } = renderInterior({
        title: project.title,
        author: project.author,
        language: project.language,
        introduction: project.introduction ?? null,
        chapters: chapters.map((c) => ({ number: c.number, title: c.title, content: c.content })),
        summary: project.summary ?? null,
        references: project.references ?? [],
      });
      const key = projectFileKey(project, 'book.pdf');
      await storage.put(key, pdf, 'application/pdf', pdf.length, 'max-age=3600');
      const previous = project.pdfKey;
      Object.assign(project, { pdfKey: key, pdfSize: pdf.length, pageCount, builtAt: new Date() });
      await em.flush();
      if (previous && previous !== key) await storage.delete(previous);
      return { pageCount, size: pdf.length };
    },
  };
}
