// Book credits: a book on a paid provider holds one credit of its author from its start to its end. A finished or
// cancelled book spends it (the writing happened); a book whose run fails gives it back. A failed stage of a
// step-by-step book can be called again, so that book keeps its credit until it is finished or its run fails after
// finalizing.
import type { EntityManager } from '@mikro-orm/core';

/** Runs one statement in the entity manager's transaction, when it has one. */
const run = <T>(em: EntityManager, sql: string, params: unknown[]) => em.getConnection().execute<T[]>(sql, params, 'all', em.getTransactionContext());

/**
 * Takes one of the user's available credits for the project, or returns false when there is none. Rows another
 * transaction is taking are skipped, so two books started at once never take one credit twice.
 */
export async function reserveBookCredit(em: EntityManager, userId: string, projectId: string): Promise<boolean> {
  const rows = await run<{ id: string }>(
    em,
    `update book_credits set status = 'reserved', project_id = ?, updated_at = now()
     where id = (select id from book_credits where user_id = ? and status = 'available' order by updated_at, id limit 1 for update skip locked)
     returning id`,
    [projectId, userId],
  );
  return rows.length > 0;
}

/** The project's credit goes back to its owner when the failure ends the book's run. */
export async function returnBookCredit(em: EntityManager, projectId: string): Promise<void> {
  await run(
    em,
    `update book_credits c set status = 'available', project_id = null, updated_at = now()
     from generator_projects g
     where c.project_id = ? and c.status = 'reserved' and g.id = c.project_id and (g.mode = 'auto' or g.finalized_at is not null)`,
    [projectId],
  );
}

export async function spendBookCredit(em: EntityManager, projectId: string): Promise<void> {
  await run(em, `update book_credits set status = 'spent', updated_at = now() where project_id = ? and status = 'reserved'`, [projectId]);
}

export async function availableBookCredits(em: EntityManager, userId: string): Promise<number> {
  const rows = await run<{ n: number }>(em, `select count(*)::int as n from book_credits where user_id = ? and status = 'available'`, [userId]);
  return rows[0]?.n ?? 0;
}
