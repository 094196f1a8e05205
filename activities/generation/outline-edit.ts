import type { MikroORM } from '@mikro-orm/core';
import { ApplicationFailure } from '@temporalio/activity';
import { applyOutlineEdit, OutlineEditRefused } from '../../libs/db/index.ts';
import type { EditedChapter } from '../../libs/domain/index.ts';

export function createOutlineEditActivities({ orm }: { orm: MikroORM }) {
  return {
    /** Makes the edited outline the book's plan (libs/db applyOutlineEdit); a new chapter waits for the workflow to write it. */
    async applyOutlineEdit(projectId: string, chapters: EditedChapter[]): Promise<{ chapterCount: number; removed: number[] }> {
      try {
        return await applyOutlineEdit(orm.em.fork(), projectId, chapters, { newChapters: 'pending' });
      } catch (error) {
        if (error instanceof OutlineEditRefused) throw ApplicationFailure.create({ type: error.reason === 'stale' ? 'StaleOutline' : 'InvalidOutline', message: error.message, nonRetryable: true });
        throw error;
      }
    },
  };
}
