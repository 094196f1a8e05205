import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { OUTLINE_EDIT_LIMITS, OutlineMessages, outlineProblems, outlineTotalWords, type EditedChapter, type ProviderId } from '../domain/index.ts';
import { writeChapter, type WrittenChapter } from './chapter-text.ts';
import { ChapterVersion, GeneratorProject, type OutlineChapter } from './entities/index.ts';

// One chapter of an edited outline (`from`: its number before the edit, null when new) crosses the book workflow's boundary.
export type { EditedChapter };

/**
 * Why an edit was not applied: 'stale', it names a chapter the outline no longer has (it changed since the author read
 * it); 'invalid', the outline it makes breaks the limits (outlineProblems).
 */
export class OutlineEditRefused extends Error {
  readonly reason: 'stale' | 'invalid';
  constructor(message: string, reason: 'stale' | 'invalid') {
    super(message);
    this.reason = reason;
  }
}

/** The book's new outline and the chapters the edit removes, or why the edit is refused. */
export function planOutlineEdit(current: readonly OutlineChapter[], chapters: readonly EditedChapter[], provider: ProviderId): { outline: OutlineChapter[]; removed: number[] } {
  for (const c of chapters) {
    if (c.from !== null && (!Number.isInteger(c.from) || c.from < 1 || c.from > current.length)) throw new OutlineEditRefused(OutlineMessages.fromUnknown(c.from, current.length), 'stale');
  }
  const [problem] = outlineProblems(chapters, provider);
  if (problem) throw new OutlineEditRefused(problem, 'invalid');
  const kept = new Set(chapters.map((c) => c.from));
  return {
    outline: chapters.map((c, i) => ({ number: i + 1, title: c.title, description: c.description, key_points: c.key_points, target_words: c.target_words })),
    removed: current.map((c) => c.number).filter((n) => !kept.has(n)),
  };
}

export interface OutlineEditOptions {
  /**
   * 'pending': a new chapter waits for the book's workflow to write it. 'empty': it is there at once, with its title
   * and no text, for the author to write (a book no workflow writes any more).
   */
  newChapters: 'pending' | 'empty';
}

/** Rows are moved out of the way above this while chapters are renumbered (no chapter number comes near it). */
const PARKED = 1_000_000;

/** Tables whose rows belong to one chapter by its number. */
const CHAPTER_ROWS = [
  { table: 'generated_chapters', column: 'number' },
  { table: 'chapter_versions', column: 'chapter' },
  { table: 'assist_changes', column: 'chapter' },
  { table: 'manuscript_comments', column: 'chapter' },
  { table: 'manuscript_suggestions', column: 'chapter' },
] as const;

/**
 * Makes the edited outline the book's plan, in one transaction under the project's lock (the caller's, or its own).
 * Written chapters follow their entry (`from`) to its new number with their versions and assistant changes, and take
 * its new title. A removed entry's written chapter leaves the book; its versions (and assistant changes) are kept
 * under a negative chapter number (-1, -2, … one per removed chapter), which no chapter of the book ever has. Applying
 * the same edit twice changes nothing the second time. The saved book's chapter list follows, and files built before
 * the edit read as older than the text.
 */
export async function applyOutlineEdit(em: EntityManager, projectId: string, chapters: readonly EditedChapter[], options: OutlineEditOptions): Promise<{ chapterCount: number; removed: number[] }> {
  if (!em.isInTransaction()) return em.transactional((tx) => applyOutlineEdit(tx, projectId, chapters, options));
  await em.flush();
  const connection = em.getConnection();
  const tx = em.getTransactionContext();
  const run = (sql: string, params: unknown[]) => connection.execute(sql, params, 'all', tx);
  const [row] = (await run('select outline, provider, built_at from generator_projects where id = ? for update', [projectId])) as { outline: OutlineChapter[] | null; provider: ProviderId; built_at: Date | null }[];
  const current = row?.outline ?? [];
  const { outline, removed } = planOutlineEdit(current, chapters, row?.provider ?? 'mock');
  // A retried attempt whose first one committed finds its outline in place.
  if (JSON.stringify(current) === JSON.stringify(outline)) return { chapterCount: outline.length, removed: [] };

  if (removed.length) {
    await run('delete from generated_chapters where project_id = ? and number in (' + removed.map(() => '?').join(', ') + ')', [projectId, ...removed]);
    const lowest = await lowestRemoved(em, projectId);
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
  const now = new Date();
  if (options.newChapters === 'empty') {
    for (const [i, c] of chapters.entries()) {
      if (c.from === null) await run("insert into generated_chapters (id, project_id, number, title, content, word_count, generated_at) values (?, ?, ?, ?, '', 0, ?)", [randomUUID(), projectId, i + 1, c.title, now]);
    }
  }
  // The book's target is what its chapters now add up to (the introduction and summary are sized from it).
  await em.nativeUpdate(GeneratorProject, { id: projectId }, { outline, totalTargetWords: outlineTotalWords(outline), updatedAt: now, ...(row?.built_at ? { textUpdatedAt: now } : {}) });
  return { chapterCount: outline.length, removed };
}

/** The lowest chapter number a removed chapter's rows have (0 when none was removed yet). */
async function lowestRemoved(em: EntityManager, projectId: string): Promise<number> {
  const [{ lowest }] = (await em.getConnection().execute(
    'select least(0, coalesce(min(chapter), 0), (select coalesce(min(chapter), 0) from assist_changes where project_id = ?)) as lowest from chapter_versions where project_id = ?',
    [projectId, projectId],
    'all',
    em.getTransactionContext(),
  )) as [{ lowest: number }];
  return Number(lowest);
}

/** A removed chapter's last version (its negative number's newest), or null when there is none. */
async function lastRemovedVersion(em: EntityManager, projectId: string, removed: number): Promise<ChapterVersion | null> {
  return removed < 0 ? em.findOne(ChapterVersion, { project: projectId, chapter: removed }, { orderBy: { version: 'desc' } }) : null;
}

/**
 * Puts a removed chapter (its negative number) back at the end of the book with its last text: its versions and
 * assistant changes come back with it, and that text is saved as its next version ('restored'). One transaction; the
 * book's outline limits hold. Null when there is no such removed chapter.
 */
export async function putBackChapter(em: EntityManager, projectId: string, removed: number, by: string | null): Promise<WrittenChapter | null> {
  if (!em.isInTransaction()) return em.transactional((tx) => putBackChapter(tx, projectId, removed, by));
  const [row] = (await em.getConnection().execute('select outline from generator_projects where id = ? for update', [projectId], 'all', em.getTransactionContext())) as { outline: OutlineChapter[] | null }[];
  const last = await lastRemovedVersion(em, projectId, removed);
  if (!last) return null;
  const current = row?.outline ?? [];
  const words = Math.min(OUTLINE_EDIT_LIMITS.chapterWordsMax, Math.max(OUTLINE_EDIT_LIMITS.chapterWordsMin, last.words));
  const edited: EditedChapter[] = [
    ...current.map((c) => ({ title: c.title, description: c.description, key_points: c.key_points, target_words: c.target_words, from: c.number })),
    { title: last.title, description: '', key_points: [], target_words: words, from: null },
  ];
  const { chapterCount } = await applyOutlineEdit(em, projectId, edited, { newChapters: 'pending' });
  for (const { table, column } of CHAPTER_ROWS.slice(1)) {
    await em.getConnection().execute(`update ${table} set ${column} = ? where project_id = ? and ${column} = ?`, [chapterCount, projectId, removed], 'all', em.getTransactionContext());
  }
  return writeChapter(em, { projectId, number: chapterCount, title: last.title, content: last.content, source: 'restored', by });
}

/** A removed chapter as its last version shows it. */
export type RemovedChapter = Pick<ChapterVersion, 'chapter' | 'version' | 'title' | 'words' | 'createdAt'>;

/** The chapters removed from a book, newest first, each with its last version. */
export async function removedChapters(em: EntityManager, projectId: string): Promise<RemovedChapter[]> {
  const versions = await em.find(ChapterVersion, { project: projectId, chapter: { $lt: 0 } }, { orderBy: { chapter: 'asc', version: 'desc' }, exclude: ['content'] });
  return versions.filter((v, i) => versions[i - 1]?.chapter !== v.chapter);
}
