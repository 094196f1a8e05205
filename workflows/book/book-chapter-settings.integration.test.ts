import { randomUUID } from 'node:crypto';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import type { ChapterTask, TextProvider, WritingTask } from '../../libs/ai/index.ts';
import { MockProvider } from '../../libs/ai/mock.ts';
import { promptFor } from '../../libs/ai/prompts.ts';
import { GeneratedChapter, GeneratorProject } from '../../libs/db/index.ts';
import { ChapterSettingsMessages, countWords, innermostMessage, type ChapterSettings } from '../../libs/domain/index.ts';
import { engineForFile, testConfig } from '../../testing/index.ts';
import { bookWorkflow } from './workflow.ts';
import { generateChaptersUpdate, generateOutlineUpdate, regenerateChapterUpdate } from './messages.ts';

// The mock provider, recording every chapter task it is given and when, and slow enough that calls sent together overlap.
interface Recorded {
  projectId: string;
  task: ChapterTask;
  started: number;
  ended: number;
}
const recorded: Recorded[] = [];
const config = testConfig({ TEMPORAL_TASK_QUEUE: `chapter-settings-${randomUUID().slice(0, 8)}` });
const engine = engineForFile(config, (deps) => {
  const mock = new MockProvider();
  const recording: TextProvider = {
    id: 'mock',
    async generate(task: WritingTask) {
      if (task.kind !== 'chapter') return mock.generate(task);
      const entry: Recorded = { projectId: task.idea, task, started: performance.now(), ended: Infinity };
      recorded.push(entry);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const completion = await mock.generate(task);
      entry.ended = performance.now();
      return completion;
    },
  };
  deps.providers = { ...deps.providers, mock: recording };
});

/** A three-chapter mock book of 10,000 words in step mode, outlined; its idea is unique so its calls can be told apart. */
async function outlinedBook(): Promise<{ projectId: string; idea: string; handle: Awaited<ReturnType<typeof engine.client.workflow.start<typeof bookWorkflow>>> }> {
  const em = engine.deps.orm.em.fork();
  const idea = `How small teams write books together, case ${randomUUID()}`;
  const project = em.create(GeneratorProject, {
    id: randomUUID(), name: 'settings', title: 'Writing Together', author: 'Ada Writer', topic: idea, writingStyle: 'practical',
    totalTargetWords: 10_000, chapterCount: 3, language: 'English', provider: 'mock', mode: 'step', createdAt: new Date(), updatedAt: new Date(),
  });
  await em.flush();
  const handle = await engine.client.workflow.start(bookWorkflow, {
    workflowId: `book-${project.id}`,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [{ projectId: project.id, mode: 'step', provider: 'mock', chaptersToGenerate: null }],
  });
  await handle.executeUpdate(generateOutlineUpdate, { args: [{}] });
  return { projectId: project.id, idea, handle };
}

const chaptersOf = (projectId: string) => engine.deps.orm.em.fork().find(GeneratedChapter, { project: projectId }, { orderBy: { number: 'asc' } });
const callsOf = (idea: string) => recorded.filter((r) => r.projectId === idea);
const callFor = (idea: string, n: number) => callsOf(idea).find((r) => r.task.chapter.number === n);
/** The most chapter calls of this book that were in flight at one moment. */
const mostAtOnce = (idea: string) => Math.max(...callsOf(idea).map((r) => callsOf(idea).filter((o) => o.started <= r.started && o.ended > r.started).length));
const tailOf = (text: string, words = 12) => text.split(/\s+/).filter(Boolean).slice(-words).join(' ');

async function write(settings: ChapterSettings, only: number[] | null = null) {
  const book = await outlinedBook();
  await book.handle.executeUpdate(generateChaptersUpdate, { args: [only, settings] });
  return { ...book, chapters: await chaptersOf(book.projectId) };
}

describe('generation mode', () => {
  it('sequential writes one chapter after another, each with the earlier chapters’ own text in its prompt', async () => {
    const { idea, chapters } = await write({ mode: 'sequential' });
    expect(chapters.map((c) => c.number)).toEqual([1, 2, 3]);
    expect(mostAtOnce(idea)).toBe(1);
    const third = promptFor(callFor(idea, 3)?.task as ChapterTask).prompt;
    // The endings of chapters 1 and 2, as written and stored, are in chapter 3's memory.
    expect(third).toContain(tailOf(chapters[0]?.content ?? 'missing'));
    expect(third).toContain(tailOf(chapters[1]?.content ?? 'missing'));
    expect(promptFor(callFor(idea, 2)?.task as ChapterTask).prompt).toContain(tailOf(chapters[0]?.content ?? 'missing'));
    // Bounded: the memory stays within its word budget however long the chapters are.
    expect(countWords((callFor(idea, 3)?.task as ChapterTask).memory.join(' '))).toBeLessThan(6200);
  });

  it('parallel writes every chapter at once, none reading another’s text', async () => {
    const { idea, chapters } = await write({ mode: 'parallel' });
    expect(chapters.map((c) => c.number)).toEqual([1, 2, 3]);
    expect(mostAtOnce(idea)).toBe(3);
    const third = promptFor(callFor(idea, 3)?.task as ChapterTask).prompt;
    expect(third).not.toContain(tailOf(chapters[0]?.content ?? 'missing'));
    expect(third).not.toContain(tailOf(chapters[1]?.content ?? 'missing'));
  });

  it('selective writes only the chosen chapters, and refuses to run without a choice', async () => {
    const { idea, chapters, handle } = await write({ mode: 'selective' }, [2]);
    expect(chapters.map((c) => c.number)).toEqual([2]);
    expect(callsOf(idea).map((r) => r.task.chapter.number)).toEqual([2]);
    const refused = await handle.executeUpdate(generateChaptersUpdate, { args: [null, { mode: 'selective' }] }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WorkflowUpdateFailedError);
    expect(innermostMessage(refused)).toBe(ChapterSettingsMessages.selectiveNeedsChapters);
  });
});

describe('content depth', () => {
  it('outline, draft and polished write a small share, about half and the whole of each chapter’s budget', async () => {
    const words: Record<string, number> = {};
    const budget = 10_000;
    for (const depth of ['outline', 'draft', 'polished'] as const) {
      const { idea, chapters } = await write({ mode: 'parallel', depth });
      words[depth] = chapters.reduce((sum, c) => sum + c.wordCount, 0);
      const prompt = promptFor(callFor(idea, 1)?.task as ChapterTask).prompt;
      if (depth === 'outline') {
        expect(prompt).toContain('Write it as an outline');
        // Key points first, as a list.
        expect(chapters[0]?.content).toMatch(/^- .+$/m);
      }
      if (depth === 'draft') expect(prompt).toContain('first draft');
    }
    expect(words.outline).toBeLessThan(words.draft as number);
    expect(words.draft).toBeLessThan(words.polished as number);
    expect(Math.abs((words.polished as number) - budget)).toBeLessThanOrEqual(budget * 0.2);
    expect((words.draft as number) / (words.polished as number)).toBeGreaterThan(0.4);
    expect((words.draft as number) / (words.polished as number)).toBeLessThan(0.6);
    expect((words.outline as number) / (words.polished as number)).toBeLessThan(0.25);
  });

  it('a regeneration writes as the last chapter call did', async () => {
    const { idea, projectId, handle } = await write({ depth: 'draft' });
    const { words } = await handle.executeUpdate(regenerateChapterUpdate, { args: [2] });
    const again = callsOf(idea).filter((r) => r.task.chapter.number === 2);
    expect(again).toHaveLength(2);
    expect(again[1]?.task.depth).toBe('draft');
    const budget = (await engine.deps.orm.em.fork().findOneOrFail(GeneratorProject, { id: projectId })).outline?.[1]?.target_words ?? 0;
    expect(words).toBeLessThan(budget * 0.6);
    expect(words).toBeGreaterThan(budget * 0.4);
  });

  it('an auto book takes its settings from its input', async () => {
    const em = engine.deps.orm.em.fork();
    const idea = `How small teams write books together, auto case ${randomUUID()}`;
    const project = em.create(GeneratorProject, {
      id: randomUUID(), name: 'settings-auto', title: 'Writing Together', author: 'Ada Writer', topic: idea, writingStyle: 'practical',
      totalTargetWords: 10_000, chapterCount: 3, language: 'English', provider: 'mock', mode: 'auto', createdAt: new Date(), updatedAt: new Date(),
    });
    await em.flush();
    const book = await engine.client.workflow.execute(bookWorkflow, {
      workflowId: `book-${project.id}`,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [{ projectId: project.id, mode: 'auto', provider: 'mock', chaptersToGenerate: null, includeCover: false, chapterSettings: { mode: 'sequential', depth: 'draft' } }],
    });
    expect(book.stage).toBe('complete');
    expect(mostAtOnce(idea)).toBe(1);
    const total = (await chaptersOf(project.id)).reduce((sum, c) => sum + c.wordCount, 0);
    expect(total).toBeGreaterThan(4000);
    expect(total).toBeLessThan(6000);
  });
});
