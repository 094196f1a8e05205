import type { MikroORM } from '@mikro-orm/core';
import { saveBookProgress, saveChapterProgress, type StoredBookProgress } from '../../libs/db/index.ts';
import type { createWritingActivities } from './writing.ts';

type Writing = ReturnType<typeof createWritingActivities>;

/**
 * The book's progress projection (issue 32), written by activities the workflow runs anyway: its bookkeeping calls
 * carry the workflow's progress as of that call, and a chapter's activity records its own chapter's status. Pages and
 * streams read that row, so no status read asks the workflow. Books whose histories predate it call without progress.
 */
export function withBookProgress(orm: MikroORM, writing: Writing) {
  const save = async (progress: StoredBookProgress | undefined) => {
    if (progress) await saveBookProgress(orm.em.fork(), progress);
  };
  return {
    ...writing,
    async recordStage(projectId: string, stage: string, progress?: StoredBookProgress): Promise<void> {
      await writing.recordStage(projectId, stage);
      await save(progress);
    },
    async recordFailure(projectId: string, stage: string, message: string, progress?: StoredBookProgress): Promise<void> {
      await writing.recordFailure(projectId, stage, message);
      await save(progress);
    },
    async recordIdle(projectId: string, progress?: StoredBookProgress): Promise<void> {
      await writing.recordIdle(projectId);
      await save(progress);
    },
    async completeProject(projectId: string, progress?: StoredBookProgress): Promise<void> {
      await writing.completeProject(projectId);
      await save(progress);
    },
    /** A stage's end where no other activity follows at once (a step-mode stage, an outline edit): the workflow's progress. */
    async recordProgress(progress: StoredBookProgress): Promise<void> {
      await save(progress);
    },
    async writeChapter(...args: Parameters<Writing['writeChapter']>): ReturnType<Writing['writeChapter']> {
      const [projectId, number] = args;
      await saveChapterProgress(orm.em.fork(), projectId, number, 'writing');
      const written = await writing.writeChapter(...args);
      await saveChapterProgress(orm.em.fork(), projectId, number, 'generated', written.words);
      return written;
    },
  };
}
