import type { EntityManager } from '@mikro-orm/core';
import { returnBookCredit } from './book-credits.ts';
import type { StoredBookProgress } from './book-progress.ts';

type Row = { progress: StoredBookProgress | string };

/**
 * Rewrites a book's progress row under its lock when `settle` says how (it returns the new progress, or null to leave
 * the row). A new run's first write waits for the lock, so it lands after this one and wins.
 *
 * The project's row follows in the same transaction, as the ended run's last activity would have written it: a book put
 * away reads `idle`; a book failed at a stage reads `failed` there and its credit goes back (recordFailure's rule), so
 * the lists, the back office and /metrics stop counting it in the stage it died in.
 */
export async function settleBookProgress(em: EntityManager, projectId: string, settle: (progress: StoredBookProgress) => Promise<StoredBookProgress | null>): Promise<StoredBookProgress | null> {
  return em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    const [row] = await connection.execute<Row[]>('select progress from book_progress where project_id = ? for update', [projectId], 'all', context);
    if (!row) return null;
    const progress = typeof row.progress === 'string' ? (JSON.parse(row.progress) as StoredBookProgress) : row.progress;
    const settled = await settle(progress);
    if (!settled) return progress;
    await connection.execute('update book_progress set progress = ?::jsonb, updated_at = now() where project_id = ?', [JSON.stringify(settled), projectId], 'run', context);
    if (settled.failedStage) {
      const failed = 'update generator_projects set stage = ?, failed_stage = ?, error = ?, updated_at = now() where id = ?';
      await connection.execute(failed, ['failed', settled.failedStage, settled.error ?? null, projectId], 'run', context);
      await returnBookCredit(tx, projectId);
    } else if (settled.stage === 'idle') {
      await connection.execute("update generator_projects set stage = 'idle', updated_at = now() where id = ?", [projectId], 'run', context);
    }
    return settled;
  });
}
