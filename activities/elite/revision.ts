import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/core';
import { ApplicationFailure } from '@temporalio/activity';
import { BookProject, EliteRequest, EliteRevision, GeneratedChapter, GeneratorProject, nextPackageRun, User, writeChapter, type OutlineChapter } from '../../libs/db/index.ts';
import {
  DEFAULT_WRITING_STYLE,
  ELITE_MANUSCRIPT_MAX_BYTES,
  eliteFileKey,
  EliteMessages,
  parseManuscript,
  projectName,
  WORDS_PER_PAGE,
  wordsForPages,
  type ManuscriptChapter,
} from '../../libs/domain/index.ts';
import type { StorageService } from '../../libs/storage/index.ts';
import type { EliteActivities } from './types.ts';

const refuse = (message: string) => ApplicationFailure.nonRetryable(message, 'RevisionRefused');
const pagesOf = (words: number) => Math.max(1, Math.round(words / WORDS_PER_PAGE));

const outlineOf = (chapters: ManuscriptChapter[]): OutlineChapter[] =>
  chapters.map((c, i) => ({ number: i + 1, title: c.title, description: '', key_points: [], target_words: c.wordCount }));

/** A request paid up front has no book until its first revision: the author's book is made from it, as a finished one. */
function createBook(em: EntityManager, request: EliteRequest, chapters: ManuscriptChapter[], at: Date): BookProject {
  const words = chapters.reduce((sum, c) => sum + c.wordCount, 0);
  const idea = request.projectDetails?.bookDescription || request.topic;
  const user = em.getReference(User, request.user.id);
  const project = em.create(GeneratorProject, {
    id: randomUUID(),
    user,
    name: projectName(request.topic),
    title: request.topic,
    author: request.userName,
    topic: idea,
    writingStyle: DEFAULT_WRITING_STYLE,
    totalTargetWords: wordsForPages(pagesOf(words)),
    chapterCount: chapters.length,
    provider: 'mock',
    mode: 'step',
    stage: 'complete',
    outline: outlineOf(chapters),
    finalizedAt: at,
    completedAt: at,
    createdAt: at,
    updatedAt: at,
  });
  return em.create(BookProject, {
    id: randomUUID(),
    user,
    generatorProject: project,
    title: request.topic,
    author: request.userName,
    bookIdea: idea,
    topic: request.topic,
    coverPdfTemplate: null,
    status: 'complete',
    generationStatus: 'completed',
    pageCount: null,
    writingStyle: DEFAULT_WRITING_STYLE,
    targetAudience: null,
    estimatedLength: pagesOf(words),
    source: 'elite',
    completedAt: at,
    createdAt: at,
    updatedAt: at,
  });
}

export function createEliteRevisionActivities({ orm, storage }: { orm: MikroORM; storage: StorageService }): Pick<EliteActivities, 'applyEliteRevision' | 'countEliteBookRun'> {
  /** The manuscript's chapters, or the non-retryable refusal the team is shown. */
  async function readManuscript(key: string): Promise<ManuscriptChapter[]> {
    const stored = await storage.stat(key);
    if (!stored) throw refuse('The revised manuscript is no longer in storage: upload it again');
    if (stored.size > ELITE_MANUSCRIPT_MAX_BYTES) throw refuse(EliteMessages.manuscriptSize);
    const reading = parseManuscript(await storage.getBuffer(key));
    if (reading.problem !== undefined) throw refuse(reading.problem);
    return reading.chapters;
  }

  /** Keeps the chapters a revision replaces beside the request's files. */
  async function keepPrevious(request: EliteRequest, revisionId: string, book: BookProject): Promise<string> {
    const em = orm.em.fork();
    const chapters = await em.find(GeneratedChapter, { project: book.generatorProject.id }, { orderBy: { number: 'asc' } });
    const key = eliteFileKey({ id: request.id, userId: request.user.id }, `revisions/${revisionId}/previous-chapters.json`);
    const body = JSON.stringify({
      projectId: book.generatorProject.id,
      bookProjectId: book.id,
      chapters: chapters.map((c) => ({ number: c.number, title: c.title, content: c.content, wordCount: c.wordCount, generatedAt: c.generatedAt.toISOString() })),
    });
    await storage.put(key, body, 'application/json');
    return key;
  }

  /** The revision's packaging run, counted once: a retry after the count finds it recorded. */
  async function countRun(revisionId: string, projectId: string): Promise<number> {
    const em = orm.em.fork();
    const revision = await em.findOneOrFail(EliteRevision, { id: revisionId });
    if (revision.packageRun !== null && revision.packageRun !== undefined) return revision.packageRun;
    const run = await nextPackageRun(em, projectId);
    await em.nativeUpdate(EliteRevision, { id: revisionId }, { packageRun: run });
    return run;
  }

  return {
    async countEliteBookRun(requestId: string): Promise<{ projectId: string; run: number } | null> {
      const em = orm.em.fork();
      const request = await em.findOneOrFail(EliteRequest, { id: requestId }, { populate: ['bookProject'] });
      const projectId = request.bookProject?.generatorProject.id;
      return projectId ? { projectId, run: await nextPackageRun(em, projectId) } : null;
    },

    async applyEliteRevision(requestId: string, revisionId: string): Promise<{ projectId: string; run: number; chapters: number }> {
      const em = orm.em.fork();
      const revision = await em.findOneOrFail(EliteRevision, { id: revisionId, request: requestId });
      const request = await em.findOneOrFail(EliteRequest, { id: requestId }, { populate: ['user', 'bookProject.generatorProject', 'projectDetails'] });
      // Applied already (a retry after the answer was lost): the same book and run.
      if (revision.appliedAt && typeof revision.chapters === 'number' && request.bookProject) {
        const projectId = request.bookProject.generatorProject.id;
        return { projectId, run: await countRun(revisionId, projectId), chapters: revision.chapters };
      }

      const chapters = await readManuscript(revision.manuscriptKey);
      const previousKey = request.bookProject ? await keepPrevious(request, revisionId, request.bookProject) : null;
      const at = new Date();
      const projectId = await orm.em.fork().transactional(async (tx) => {
        const current = await tx.findOneOrFail(EliteRequest, { id: requestId }, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['user', 'projectDetails'] });
        const book = current.bookProject ? await tx.findOneOrFail(BookProject, { id: current.bookProject.id }, { populate: ['generatorProject'] }) : createBook(tx, current, chapters, at);
        const project = book.generatorProject;
        if (current.bookProject) {
          project.outline = outlineOf(chapters);
          project.chapterCount = chapters.length;
        } else {
          current.bookProject = book;
        }
        await tx.flush();
        // Each chapter's revised text is its next version, credited to the member who uploaded it (the author reads their
        // display name); chapters the manuscript no longer has go (their versions stay).
        const member = await tx.findOne(User, { email: revision.by }, { fields: ['id'] });
        for (const [i, chapter] of chapters.entries()) {
          await writeChapter(tx, { projectId: project.id, number: i + 1, title: chapter.title, content: chapter.content, source: 'revision', by: revision.by, byUserId: member?.id ?? null, byRole: 'team' });
        }
        await tx.nativeDelete(GeneratedChapter, { project: project.id, number: { $gt: chapters.length } });
        await tx.nativeUpdate(EliteRevision, { id: revisionId }, { chapters: chapters.length, previousKey, appliedAt: at });
        return project.id;
      });
      return { projectId, run: await countRun(revisionId, projectId), chapters: chapters.length };
    },
  };
}
