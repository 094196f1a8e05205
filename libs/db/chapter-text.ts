import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import { countWords, type ChapterEditorRole, type ChapterVersionSource } from '../domain/index.ts';
import { ChapterVersion, GeneratedChapter, GeneratorProject } from './entities/index.ts';

export interface ChapterWrite {
  projectId: string;
  number: number;
  title: string;
  content: string;
  source: ChapterVersionSource;
  /** The author's e-mail, or the provider/model that wrote it. */
  by: string | null;
  /** The person who saved it, and as whom (none for a model's write). */
  byUserId?: string | null;
  byRole?: ChapterEditorRole | null;
  /** A model's write: its step's idempotency key; a second write with the same key is ignored (one version per step). */
  stepKey?: string | null;
}

export interface WrittenChapter {
  chapter: GeneratedChapter;
  version: ChapterVersion;
}

/** Written by a model (not an edit of written text): the chapter's generated_at moves. */
const MACHINE_WRITES: readonly ChapterVersionSource[] = ['generated', 'regenerated', 'revision'];
const FIRST_WRITES: readonly ChapterVersionSource[] = ['generated', 'regenerated'];

/**
 * The one writer of a chapter's text: the current text in generated_chapters, its next version in chapter_versions,
 * and when the text last changed. Runs in the caller's transaction (or its own); the project row is locked first, so
 * two writers of a project's chapters take version numbers in turn.
 */
export async function writeChapter(em: EntityManager, write: ChapterWrite): Promise<WrittenChapter> {
  if (!em.isInTransaction()) return em.transactional((tx) => writeChapter(tx, write));
  const { projectId, number, title, content, source, by, byUserId = null, byRole = null, stepKey = null } = write;
  // The caller's own changes go first: the project is read again under its lock.
  await em.flush();
  const project = await em.findOneOrFail(GeneratorProject, { id: projectId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  if (stepKey) {
    // Under the project's lock: a racing attempt of the same step finds the first one's version (the unique key backs this up).
    const written = await em.findOne(ChapterVersion, { stepKey });
    if (written) return { chapter: await em.findOneOrFail(GeneratedChapter, { project: projectId, number: written.chapter }), version: written };
  }
  const next = (await currentVersion(em, projectId, number)) + 1;
  const at = new Date();
  const words = countWords(content);

  let chapter = await em.findOne(GeneratedChapter, { project: projectId, number });
  if (chapter) {
    Object.assign(chapter, { title, content, wordCount: words, ...(MACHINE_WRITES.includes(source) ? { generatedAt: at } : {}) });
  } else {
    chapter = em.create(GeneratedChapter, { id: randomUUID(), project, number, title, content, wordCount: words, generatedAt: at });
  }
  const version = em.create(ChapterVersion, { id: randomUUID(), project, chapter: number, version: next, source, by, byUserId, byRole, title, content, words, stepKey, createdAt: at });
  // Files built before this text no longer show it; a book being written for the first time has none yet.
  if (!FIRST_WRITES.includes(source) || project.builtAt) project.textUpdatedAt = at;

  await em.flush();
  return { chapter, version };
}

/** A chapter's current version number (0 before its first write). */
export async function currentVersion(em: EntityManager, projectId: string, number: number): Promise<number> {
  const latest = await em.findOne(ChapterVersion, { project: projectId, chapter: number }, { orderBy: { version: 'desc' }, fields: ['version'] });
  return latest?.version ?? 0;
}
