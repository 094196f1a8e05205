import type { MikroORM } from '@mikro-orm/core';
import { ApplicationFailure } from '@temporalio/activity';
import { GeneratorProject, type OutlineChapter } from '../../libs/db/index.ts';
import { OutlineMessages, outlineTotalWords } from '../../libs/domain/index.ts';

/** One chapter of an edited outline, as the book workflow takes it: `from` is its number before the edit, null when new. */
export interface EditedChapter {
  title: string;
  description: string;
  key_points: string[];
  target_words: number;
  from: number | null;
}

/** Rows are moved out of the way above this while chapters are renumbered (no chapter number comes near it). */
const PARKED = 1_000_000;

/** Tables whose rows belong to one chapter by its number. */
const CHAPTER_ROWS = [
  { table: 'generated_chapters', column: 'number' },
  { table: 'chapter_versions', column: 'chapter' },
  { table: 'assist_changes', column: 'chapter' },
] as const;

export function createOutlineEditActivities({ orm }: { orm: MikroORM }) {
  return {
    /**
     * Makes the edited outline the book's plan, in one transaction. Written chapters follow their entry (`from`) to its
     * new number with their versions and assistant changes, and take its new title. A removed entry's written chapter
     * leaves the book; its versions (and assistant changes) are kept under a negative chapter number (-1, -2, … one per
     * removed chapter), which no chapter of the book ever has. Applying the same edit twice changes nothing the second time.
     */
    async applyOutlineEdit(projectId: string, chapters: EditedChapter[]): Promise<{ chapterCount: number; removed: number[] }> {
      return orm.em.fork().transactional(async (em) => {
        const connection = em.getConnection();
        const tx = em.getTransactionContext();
        const run = (sql: string, params: unknown[]) => connection.execute(sql, params, 'all', tx);
        const [row] = (await run('select outline from generator_projects where id = ? for update', [projectId])) as { outline: OutlineChapter[] | null }[];
        const current = row?.outline ?? [];
        const outline: OutlineChapter[] = chapters.map((c, i) => ({ number: i + 1, title: c.title, description: c.description, key_points: c.key_points, target_words: c.target_words }));
        // A retried attempt whose first one committed finds its outline in place.
        if (JSON.stringify(current) === JSON.stringify(outline)) return { chapterCount: outline.length, removed: [] };
        for (const c of chapters) {
          if (c.from !== null && (c.from < 1 || c.from > current.length)) {
            throw ApplicationFailure.create({ type: 'StaleOutline', message: OutlineMessages.fromUnknown(c.from, current.length), nonRetryable: true });
          }
        }
        const kept = new Set(chapters.map((c) => c.from).filter((n): n is number => n !== null));
        const removed = current.map((c) => c.number).filter((n) => !kept.has(n));

        if (removed.length) {
          await run('delete from generated_chapters where project_id = ? and number in (' + removed.map(() => '?').join(', ') + ')', [projectId, ...removed]);
          const [{ lowest }] = (await run('select least(0, coalesce(min(chapter), 0), (select coalesce(min(chapter), 0) from assist_changes where project_id = ?)) as lowest from chapter_versions where project_id = ?', [projectId, projectId])) as [{ lowest: number }];
          for (const [i, n] of removed.entries()) {
            for (const { table, column } of CHAPTER_ROWS.slice(1)) await run(`update ${table} set ${column} = ? where project_id = ? and ${column} = ?`, [lowest - 1 - i, projectId, n]);
          }
        }
        for (const [i, c] of chapters.entries()) {
          if (c.from === null) continue;
          for (const { table, column } of CHAPTER_ROWS) await run(`update ${table} set ${column} = ? where project_id = ? and ${column} = ?`, [PARKED + i + 1, projectId, c.from]);
        }
        for (const { table, column } of CHAPTER_ROWS) await run(`update ${table} set ${column} = ${column} - ? where project_id = ? and ${column} > ?`, [PARKED, projectId, PARKED]);
        for (const c of outline) await run('update generated_chapters set title = ? where project_id = ? and number = ?', [c.title, projectId, c.number]);
        // The book's target is what its chapters now add up to (the introduction and summary are sized from it).
        await em.nativeUpdate(GeneratorProject, { id: projectId }, { outline, totalTargetWords: outlineTotalWords(outline), updatedAt: new Date() });
        return { chapterCount: outline.length, removed };
      });
    },
  };
}
