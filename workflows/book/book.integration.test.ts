import { randomUUID } from 'node:crypto';
import { WorkflowFailedError, WorkflowUpdateFailedError } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { AiProviderCall, GeneratedChapter, GeneratorProject } from '../../libs/db/index.ts';
import { CoverMessages, countWords, GenerationMessages, packageWorkflowId, writtenSoFar, type ProviderId } from '../../libs/domain/index.ts';
import { unzipped } from '../../testing/book-checks.ts';
import { eventually, fakeAiEngineForFile, testConfig } from '../../testing/index.ts';
import { bookWorkflow } from './workflow.ts';
import { finalizeUpdate, generateChaptersUpdate, generateIntroductionUpdate, generateOutlineUpdate, generateSummaryUpdate, progressQuery, regenerateChapterUpdate, type BookInput } from './messages.ts';
import { ProjectIdAttribute, StageAttribute } from '../search-attributes.ts';

// Its own task queue, so only this file's worker (with the fake-backed providers) runs these books.
const config = testConfig({ TEMPORAL_TASK_QUEUE: `books-${randomUUID().slice(0, 8)}` });
const { engine, fake } = fakeAiEngineForFile(config);

async function newProject(provider: ProviderId, totalTargetWords = 10_000, mode: 'auto' | 'step' = 'auto'): Promise<string> {
  const em = engine.deps.orm.em.fork();
  const project = em.create(GeneratorProject, {
    id: randomUUID(),
    name: 'remote-leadership',
    title: 'Remote Leadership',
    author: 'Ada Writer',
    topic: 'How small companies lead distributed teams with trust, rituals and written communication',
    writingStyle: 'practical',
    totalTargetWords,
    language: 'English',
    provider,
    mode,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  await em.flush();
  return project.id;
}

const start = (projectId: string, mode: 'auto' | 'step', more: Partial<BookInput> = {}) =>
  engine.client.workflow.start(bookWorkflow, {
    workflowId: `book-${projectId}`,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [{ projectId, mode, chapterConcurrency: 3, chaptersToGenerate: null, ...more }],
    typedSearchAttributes: [{ key: ProjectIdAttribute, value: projectId }],
  });

describe('bookWorkflow on the real Temporal server', () => {
  it('writes a whole mock book in auto mode: outline, introduction, chapters within ±20 %, summary', async () => {
    const projectId = await newProject('mock', 12_000);
    const handle = await start(projectId, 'auto');
    const result = await handle.result();
    expect(result.stage).toBe('complete');
    expect(result.percent).toBe(100);
    expect(result.history.filter((h) => h.completed).map((h) => h.stage)).toEqual([
      'creating_project', 'generating_outline', 'generating_introduction', 'generating_chapters', 'generating_summary', 'finalizing', 'building', 'generating_cover', 'complete',
    ]);

    const em = engine.deps.orm.em.fork();
    const project = await em.findOneOrFail(GeneratorProject, { id: projectId });
    expect(project.stage).toBe('complete');
    expect(project.outline?.reduce((sum, c) => sum + c.target_words, 0)).toBe(12_000);
    expect(countWords(project.introduction ?? '')).toBeGreaterThan(300);
    expect(project.summary).toBeTruthy();
    const chapters = await em.find(GeneratedChapter, { project: projectId }, { orderBy: { number: 'asc' } });
    expect(chapters.map((c) => c.number)).toEqual([1, 2, 3, 4]);
    for (const chapter of chapters) {
      const target = project.outline?.find((c) => c.number === chapter.number)?.target_words ?? 0;
      expect(Math.abs(chapter.wordCount - target)).toBeLessThanOrEqual(target * 0.2);
    }
    expect(result.wordsSoFar).toBe(chapters.reduce((sum, c) => sum + c.wordCount, 0));
    // outline + introduction + 4 chapters + summary, every call on the log and on the project.
    expect(await em.count(AiProviderCall, { project: projectId })).toBe(7);
    expect(project.providerCalls).toBe(7);

    const described = await handle.describe();
    expect(described.typedSearchAttributes.get(ProjectIdAttribute)).toBe(projectId);
    expect(described.typedSearchAttributes.get(StageAttribute)).toBe('complete');

    // The formats and the cover were one packaging run, the cover started once the interior was built: its stage
    // began after the formats' and ended after theirs did.
    const packaged = await engine.client.workflow.getHandle(packageWorkflowId(projectId, 1)).result();
    expect(packaged.formats).toEqual(['pdf', 'epub', 'docx', 'zip', 'cover']);
    expect(packaged.pageCount).toBe(project.pageCount);
    expect(packaged.sizes.cover).toBe(project.coverPdfSize);
    expect(project.packageRuns).toBe(1);
    const at = (stage: string, completed: boolean) => Date.parse(result.history.find((h) => h.stage === stage && h.completed === completed)?.timestamp ?? '');
    expect(at('generating_cover', false)).toBeGreaterThanOrEqual(at('building', false));
    expect(at('generating_cover', true)).toBeGreaterThanOrEqual(at('building', true));

    // The EPUB was built with the interior's pages: it lists them, from the introduction's to the book's last.
    const nav = unzipped(await engine.deps.storage.getBuffer(project.epubKey as string)).read('OEBPS/toc.xhtml');
    const listed = [...nav.matchAll(/<a href="[\w-]+\.xhtml#page-(\d+)">/g)].map(([, page]) => Number(page));
    expect(listed[0]).toBeGreaterThan(3);
    expect(listed).toEqual(Array.from({ length: listed.length }, (_, i) => (listed[0] as number) + i));
    expect(listed.at(-1)).toBeGreaterThanOrEqual((project.pageCount as number) - 1);
  });

  it('fails at the cover stage when only the cover fails, with every other format built', async () => {
    const projectId = await newProject('mock', 3_000);
    // The API admits only known templates; a workflow started by hand with another one makes the cover fail for good.
    const handle = await start(projectId, 'auto', { cover: { template: 'ingram' as never, designStyle: 'modern', colorScheme: 'professional', includeSpineTitle: true } });
    const error = (await handle.result().catch((e: unknown) => e)) as WorkflowFailedError;
    expect(error).toBeInstanceOf(WorkflowFailedError);
    const progress = await handle.query(progressQuery);
    expect(progress.failedStage).toBe('generating_cover');
    expect(progress.error).toBe(CoverMessages.unknownTemplate('ingram'));
    expect(progress.history.filter((h) => h.completed).map((h) => h.stage)).toContain('building');
    const project = await engine.deps.orm.em.fork().findOneOrFail(GeneratorProject, { id: projectId });
    expect(project).toMatchObject({ stage: 'failed', failedStage: 'generating_cover', buildStatus: 'error', coverPdfKey: null });
    expect([project.pdfKey, project.epubKey, project.docxKey, project.zipKey].every(Boolean)).toBe(true);
  });

  it('runs stage by stage in step mode, each update returning when its stage is done', async () => {
    const projectId = await newProject('mock');
    const handle = await start(projectId, 'step');
    await expect(handle.executeUpdate(generateIntroductionUpdate)).rejects.toThrow(WorkflowUpdateFailedError);
    const { chapterCount } = await handle.executeUpdate(generateOutlineUpdate, { args: [{}] });
    expect(chapterCount).toBe(3);
    expect((await handle.query(progressQuery)).stage).toBe('generating_outline');
    await handle.executeUpdate(generateIntroductionUpdate);
    expect(await handle.executeUpdate(generateChaptersUpdate, { args: [[1, 3]] })).toEqual({ generated: [1, 3] });
    expect((await handle.query(progressQuery)).chapters).toEqual({ 1: 'generated', 2: 'pending', 3: 'generated' });

    const before = await engine.deps.orm.em.fork().findOneOrFail(GeneratedChapter, { project: projectId, number: 3 });
    const regenerated = await handle.executeUpdate(regenerateChapterUpdate, { args: [3] });
    expect(regenerated.number).toBe(3);
    const after = await engine.deps.orm.em.fork().findOneOrFail(GeneratedChapter, { project: projectId, number: 3 });
    expect(after.generatedAt.getTime()).toBeGreaterThan(before.generatedAt.getTime());
    expect((await engine.deps.orm.em.fork().findOneOrFail(GeneratedChapter, { project: projectId, number: 1 })).generatedAt).toEqual(
      (await engine.deps.orm.em.fork().findOneOrFail(GeneratedChapter, { project: projectId, number: 1 })).generatedAt,
    );

    const invalid = (await handle.executeUpdate(regenerateChapterUpdate, { args: [9] }).catch((e: unknown) => e)) as WorkflowUpdateFailedError;
    expect(invalid).toBeInstanceOf(WorkflowUpdateFailedError);
    expect((invalid.cause as Error).message).toContain(GenerationMessages.invalidChapter(9, 3));

    await handle.executeUpdate(generateSummaryUpdate);
    await handle.executeUpdate(finalizeUpdate);
    expect((await handle.result()).stage).toBe('complete');
  });

  it('retries a provider that answers 429 and 500, then succeeds', async () => {
    const projectId = await newProject('anthropic');
    fake.failNext(429, 1);
    fake.failNext(500, 1);
    const handle = await start(projectId, 'auto');
    expect((await handle.result()).stage).toBe('complete');
  });

  it('fails visibly at the stage where a provider refuses for good, and keeps that stage', async () => {
    const projectId = await newProject('anthropic');
    fake.failNext(400, 1, 'prompt is too long');
    const handle = await start(projectId, 'auto');
    const error = await handle.result().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowFailedError);
    const progress = await handle.query(progressQuery);
    expect(progress).toMatchObject({ failedStage: 'generating_outline', message: GenerationMessages.failed });
    expect(progress.error).toContain('prompt is too long');
    const project = await engine.deps.orm.em.fork().findOneOrFail(GeneratorProject, { id: projectId });
    expect(project).toMatchObject({ stage: 'failed', failedStage: 'generating_outline' });
  });

  it('fails the chapter stage visibly when one chapter fails for good, keeping the chapters that were written', async () => {
    const projectId = await newProject('anthropic');
    fake.failWhen('Write chapter 2 of', 400, 'content policy refusal');
    try {
      const handle = await start(projectId, 'auto');
      await expect(handle.result()).rejects.toThrow(WorkflowFailedError);
      const progress = await handle.query(progressQuery);
      expect(progress).toMatchObject({ failedStage: 'generating_chapters', chapters: { 1: 'generated', 2: 'failed', 3: 'generated' } });
      expect(progress.error).toContain('content policy refusal');
      const written = await engine.deps.orm.em.fork().find(GeneratedChapter, { project: projectId }, { orderBy: { number: 'asc' } });
      expect(written.map((c) => c.number)).toEqual([1, 3]);
      expect(written.every((c) => !c.content.includes('placeholder'))).toBe(true);
    } finally {
      fake.clearFailures();
    }
  });

  it('will not finalize a book without chapters', async () => {
    const projectId = await newProject('mock');
    const handle = await start(projectId, 'step');
    await handle.executeUpdate(generateOutlineUpdate, { args: [{}] });
    const refused = (await handle.executeUpdate(finalizeUpdate).catch((e: unknown) => e)) as WorkflowUpdateFailedError;
    expect((refused.cause as Error).message).toBe(GenerationMessages.noChapters);
    await handle.cancel();
  });

  /** An auto book's outline call waiting on a 30-s provider, `stop` done to its run, and the call then hung up, unpaid. */
  async function expectHungUp(stop: (handle: Awaited<ReturnType<typeof start>>, projectId: string) => Promise<void>) {
    const projectId = await newProject('anthropic');
    fake.delay(30_000);
    try {
      const before = fake.received.length;
      // The activity hears of it from its next heartbeat that reaches Temporal: the SDK sends them at most every 0.8
      // heartbeat time-outs (24 s by default), so this book's time-out is shorter (and still longer than the 5 s between
      // an activity's heartbeats).
      const handle = await start(projectId, 'auto', { heartbeatTimeout: '8 seconds' });
      const [outline] = (await eventually(async () => fake.received.slice(before), (calls) => calls.length > 0)) as [(typeof fake.received)[number]];
      await stop(handle, projectId);
      await eventually(async () => outline.abandonedAt, (at) => at !== undefined, 20_000);
      expect(outline.abandonedAt).toBeDefined();
      expect(outline.answeredAt).toBeUndefined();
      expect(await calls(projectId)).toEqual([]);
    } finally {
      fake.delay(0);
    }
  }

  it('can be cancelled, and says so; the provider call under way is hung up, not paid for', () =>
    expectHungUp(async (handle, projectId) => {
      await handle.cancel();
      await expect(handle.result()).rejects.toThrow(WorkflowFailedError);
      expect((await engine.deps.orm.em.fork().findOneOrFail(GeneratorProject, { id: projectId })).stage).toBe('cancelled');
    }));

  it('hangs up the provider call under way when an operator terminates its run', () =>
    expectHungUp(async (handle) => {
      await handle.terminate('an operator');
    }));
});

/** A step-mode run whose idle time-out is short enough to wait for. */
const startStep = (projectId: string, idleTimeout: BookInput['idleTimeout'], extra: Partial<BookInput> = {}) =>
  engine.client.workflow.start(bookWorkflow, {
    workflowId: `book-${projectId}`,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [{ projectId, mode: 'step', chapterConcurrency: 3, chaptersToGenerate: null, idleTimeout, ...extra }],
    workflowIdReusePolicy: 'ALLOW_DUPLICATE',
  });

const row = (projectId: string) => engine.deps.orm.em.fork().findOneOrFail(GeneratorProject, { id: projectId });
const chaptersOf = (projectId: string) => engine.deps.orm.em.fork().find(GeneratedChapter, { project: projectId });
/** What the API tells a new run: the book as the database has it. */
const resume = async (projectId: string) => ({ resume: writtenSoFar(await row(projectId), await chaptersOf(projectId)) });
const calls = async (projectId: string) => (await engine.deps.orm.em.fork().find(AiProviderCall, { project: projectId })).map((c) => c.purpose).sort();

describe('a step-mode book nobody comes back to', () => {
  it('ends its run cleanly after the idle time-out, and a new run picks up what was written', async () => {
    const projectId = await newProject('mock', 10_000, 'step');
    const first = await startStep(projectId, '2 seconds');
    // The outline settings travel with the update; the workflow's activity writes them.
    expect(await first.executeUpdate(generateOutlineUpdate, { args: [{ chapterCount: 5, writingStyle: 'academic' }] })).toEqual({ chapterCount: 5 });
    await first.executeUpdate(generateIntroductionUpdate);

    const ended = await first.result();
    expect(ended).toMatchObject({ stage: 'idle', message: GenerationMessages.bookPutAway, chapterCount: 5 });
    const put = await row(projectId);
    expect(put).toMatchObject({ stage: 'idle', chapterCount: 5, writingStyle: 'academic', failedStage: null });
    expect(put.outline).toHaveLength(5);
    expect(put.introduction).toBeTruthy();

    const second = await startStep(projectId, '2 seconds', await resume(projectId));
    expect(second.firstExecutionRunId).not.toBe(first.firstExecutionRunId);
    const resumed = await second.query(progressQuery);
    expect(resumed).toMatchObject({ chapterCount: 5, stage: 'generating_introduction', chapters: { 1: 'pending', 2: 'pending', 3: 'pending', 4: 'pending', 5: 'pending' } });
    expect(resumed.history.filter((h) => h.completed).map((h) => h.stage)).toEqual(['creating_project', 'generating_outline', 'generating_introduction']);

    expect(await second.executeUpdate(generateChaptersUpdate, { args: [[2, 4]] })).toEqual({ generated: [2, 4] });
    const again = await second.result();
    expect(again).toMatchObject({ stage: 'idle', chapters: { 1: 'pending', 2: 'generated', 3: 'pending', 4: 'generated', 5: 'pending' } });
    // Nothing was planned or written twice: one outline, one introduction, the two chapters.
    expect(await calls(projectId)).toEqual(['chapter 2', 'chapter 4', 'introduction', 'outline']);
    const after = await row(projectId);
    expect(after.outline).toEqual(put.outline);
    expect(after.introduction).toBe(put.introduction);

    // A third run knows the chapters that were written and their words.
    const third = await startStep(projectId, '2 seconds', await resume(projectId));
    const progress = await third.query(progressQuery);
    const chapters = await chaptersOf(projectId);
    expect(progress.chapters).toEqual(again.chapters);
    expect(progress.wordsSoFar).toBe(chapters.reduce((sum, c) => sum + c.wordCount, 0));
    await third.cancel();
  });

  it('does not count a stage that takes longer than the idle time-out as idle', async () => {
    const projectId = await newProject('anthropic', 10_000, 'step');
    fake.delay(2500);
    try {
      const handle = await startStep(projectId, '1 second');
      expect(await handle.executeUpdate(generateOutlineUpdate, { args: [{}] })).toMatchObject({ chapterCount: 3 });
    } finally {
      fake.delay(0);
    }
    const handle = engine.client.workflow.getHandle(`book-${projectId}`);
    expect(await handle.result()).toMatchObject({ stage: 'idle', chapterCount: 3, failedStage: null });
    expect((await row(projectId)).outline).toHaveLength(3);
  });
});
