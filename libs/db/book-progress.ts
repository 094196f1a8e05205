import type { EntityManager } from '@mikro-orm/core';
import type { BookProgress, ChapterStatus } from '../contracts/projects.ts';
import { chapterProgress } from '../domain/index.ts';

/** The channel a change of a book's progress row is announced on; the payload is the project's id. */
export const BOOK_PROGRESS_CHANNEL = 'book_progress';

/**
 * What the row holds: the workflow's progress, and during a chapters stage the chapters it writes (so a chapter's own
 * activity can move the bar without the workflow).
 */
export type StoredBookProgress = BookProgress & { wanted?: number[] };

type Row = { progress: StoredBookProgress | string };
const parsed = (row: Row | undefined): StoredBookProgress | null => (row ? (typeof row.progress === 'string' ? (JSON.parse(row.progress) as StoredBookProgress) : row.progress) : null);

/** The workflow's whole progress, as of an activity it runs; a deleted book gets no row. */
export async function saveBookProgress(em: EntityManager, progress: StoredBookProgress): Promise<void> {
  await em
    .getConnection()
    .execute(
      `insert into book_progress (project_id, progress, updated_at) select ?, ?::jsonb, now() where exists (select 1 from generator_projects where id = ?)
       on conflict (project_id) do update set progress = excluded.progress, updated_at = now()`,
      [progress.projectId, JSON.stringify(progress), progress.projectId],
    );
}

/** The book's progress as last written, without the row's bookkeeping; null before its workflow wrote any. */
export async function readBookProgress(em: EntityManager, projectId: string): Promise<BookProgress | null> {
  const rows = await em.getConnection().execute<Row[]>('select progress from book_progress where project_id = ?', [projectId]);
  const stored = parsed(rows[0]);
  if (!stored) return null;
  const { wanted: _wanted, ...progress } = stored;
  return progress;
}

/** One chapter's status (and its words once written), as its own activity knows it, applied under the row's lock. */
export async function saveChapterProgress(em: EntityManager, projectId: string, number: number, status: ChapterStatus, words?: number): Promise<void> {
  await em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    const rows = await connection.execute<Row[]>('select progress from book_progress where project_id = ? for update', [projectId], 'all', context);
    const progress = parsed(rows[0]);
    if (!progress) return;
    progress.chapters[number] = status;
    if (status === 'writing') progress.currentChapter = number;
    if (words !== undefined) {
      progress.chapterWords[number] = words;
      progress.wordsSoFar = Object.values(progress.chapterWords).reduce((sum, n) => sum + n, 0);
    }
    if (status === 'generated' && progress.wanted?.length) {
      const done = progress.wanted.filter((n) => progress.chapters[n] === 'generated' || progress.chapters[n] === 'failed').length;
      progress.percent = Math.max(progress.percent, chapterProgress(done, progress.wanted.length));
    }
    await connection.execute('update book_progress set progress = ?::jsonb, updated_at = now() where project_id = ?', [JSON.stringify(progress), projectId], 'run', context);
  });
}
