import { randomUUID } from 'node:crypto';
import { ActivityCancellationDetails, CancelledFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { describe, expect, it } from 'vitest';
import { createProviders } from '../../libs/ai/index.ts';
import { AiProviderCall, AssistChange, ChapterVersion, GeneratedChapter, GeneratorProject, ProviderStep } from '../../libs/db/index.ts';
import { eventually, fakeAiEngineForFile, testConfig } from '../../testing/index.ts';
import { generateChaptersUpdate } from '../../workflows/book/messages.ts';
import { bookWorkflow } from '../../workflows/book/workflow.ts';
import { createAssistActivities } from '../editing/assist.ts';
import { createWritingActivities } from './writing.ts';

const config = testConfig({ TEMPORAL_TASK_QUEUE: `repeated-${randomUUID().slice(0, 8)}` });
const { engine, fake } = fakeAiEngineForFile(config);

const OUTLINE = [1, 2].map((number) => ({ number, title: `Part ${number}`, description: `What part ${number} covers.`, key_points: ['One point', 'Another point'], target_words: 1500 }));

async function outlinedProject(name: string): Promise<GeneratorProject> {
  const em = engine.deps.orm.em.fork();
  const project = em.create(GeneratorProject, {
    id: randomUUID(), name, title: 'Paid Once', author: 'Ada Writer', topic: 'Why a retried step must not pay twice', writingStyle: 'practical',
    totalTargetWords: 3000, language: 'English', provider: 'anthropic', mode: 'step', outline: OUTLINE, chapterCount: 2, createdAt: new Date(), updatedAt: new Date(),
  });
  await em.flush();
  return project;
}

const callsContaining = (text: string) => fake.received.filter((r) => JSON.stringify(r.body).includes(text)).length;
const recorded = (projectId: string) => engine.deps.orm.em.fork().find(AiProviderCall, { project: projectId });

/**
 * Two attempts of one activity as Temporal would run them: the same workflow run and activity id, another attempt number.
 * Given a run that Temporal holds, the attempt's context has the worker's client, as a worker's has.
 */
function attempt(workflowId: string, n: number, run?: { runId: string; client: typeof engine.client }): MockActivityEnvironment {
  return new MockActivityEnvironment({ workflowExecution: { workflowId, runId: run?.runId ?? 'run-1' }, activityId: '7', attempt: n, heartbeatTimeoutMs: 2000 }, run ? { client: run.client } : {});
}

describe('a chapter attempt whose heartbeat timed out while it still ran', () => {
  it('and the attempt that replaced it write one version and make one provider call', async () => {
    const project = await outlinedProject('repeated chapter');
    // The provider answers after 6 s; the attempt heartbeats every 5 s, so with a 2 s heartbeat time-out Temporal gives
    // up on it at 2 s and starts a second attempt while the first is still waiting for its answer.
    fake.delay(6000);
    try {
      const handle = await engine.client.workflow.start(bookWorkflow, {
        workflowId: `book-${project.id}`,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        args: [{ projectId: project.id, mode: 'step', provider: 'anthropic', chaptersToGenerate: null, outlinedChapters: 2, heartbeatTimeout: '2 seconds', idleTimeout: '1 minute' }],
      });
      const { generated } = await handle.executeUpdate(generateChaptersUpdate, { args: [[1], { depth: 'draft' }] });
      expect(generated).toEqual([1]);

      // The scenario happened: the chapter's activity ran more than one attempt.
      const history = await handle.fetchHistory();
      const attempts = (history.events ?? []).map((e) => e.activityTaskStartedEventAttributes?.attempt ?? 0);
      expect(Math.max(...attempts)).toBeGreaterThanOrEqual(2);

      expect(callsContaining('Write chapter 1 of')).toBe(1);
      const em = engine.deps.orm.em.fork();
      const versions = await em.find(ChapterVersion, { project: project.id, chapter: 1 });
      expect(versions.map((v) => v.version)).toEqual([1]);
      expect(versions[0]?.stepKey).toContain(`book-${project.id}/`);
      expect((await recorded(project.id)).map((c) => c.purpose)).toEqual(['chapter 1']);
      const steps = await em.find(ProviderStep, { project: project.id });
      expect(steps.map((s) => [s.purpose, s.status])).toEqual([['chapter 1', 'done']]);
      expect((await em.findOneOrFail(GeneratorProject, { id: project.id })).providerCalls).toBe(1);
      await handle.terminate('test over');
    } finally {
      fake.delay(0);
    }
  });
});

describe('an activity run twice with the same step key', () => {
  it('writes the introduction once: the second attempt reuses the recorded answer', async () => {
    const project = await outlinedProject('repeated introduction');
    const writing = () => createWritingActivities({ ...engine.deps, providers: createProviders({ ...config, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url }) });
    const workflowId = `book-${project.id}`;
    const before = fake.calls();
    const first = await attempt(workflowId, 1).run(writing().writeFrame, project.id, 'introduction' as const);
    const second = await attempt(workflowId, 2).run(writing().writeFrame, project.id, 'introduction' as const);
    expect(second).toEqual(first);
    expect(fake.calls() - before).toBe(1);
    const calls = await recorded(project.id);
    expect(calls.map((c) => c.purpose)).toEqual(['introduction']);
    expect((await engine.deps.orm.em.fork().findOneOrFail(GeneratorProject, { id: project.id })).providerCalls).toBe(1);
  });

  it('asks the assistant once when two attempts of a change run at the same time', async () => {
    const project = await outlinedProject('repeated assist');
    const em = engine.deps.orm.em.fork();
    const content = 'Teams that write things down recover faster. They know what was decided and why.';
    em.create(GeneratedChapter, { id: randomUUID(), project, number: 1, title: 'Part 1', content, wordCount: 14, generatedAt: new Date() });
    const change = em.create(AssistChange, {
      id: randomUUID(), project, chapter: 1, action: 'rewrite', instruction: null, selectionStart: null, selectionEnd: null, baseVersion: 1, original: content,
      status: 'running', provider: 'anthropic', createdAt: new Date(), updatedAt: new Date(),
    });
    await em.flush();
    const before = fake.calls();
    fake.delay(1500);
    try {
      const assist = () => createAssistActivities({ orm: engine.deps.orm, providers: createProviders({ ...config, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url }) });
      const workflowId = `assist-${change.id}`;
      const outcomes = (await Promise.all([attempt(workflowId, 1).run(assist().runAssist, change.id), attempt(workflowId, 2).run(assist().runAssist, change.id)])) as { status: string }[];
      // One attempt stores the proposal; the other finds it stored (the change is no longer running) and stops.
      expect(outcomes.map((o) => o.status).sort()).toEqual(['closed', 'ready']);
    } finally {
      fake.delay(0);
    }
    expect(fake.calls() - before).toBe(1);
    expect((await recorded(project.id)).map((c) => c.purpose)).toEqual(['assist rewrite chapter 1']);
    const stored = await engine.deps.orm.em.fork().findOneOrFail(AssistChange, { id: change.id });
    expect(stored.status).toBe('ready');
    expect(stored.proposal).toBeTruthy();
  });
});

describe('an attempt cancelled while its paid call runs', () => {
  const writing = () => createWritingActivities({ ...engine.deps, providers: createProviders({ ...config, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url }) });
  const introductionCalls = () => fake.received.filter((r) => JSON.stringify(r.body).includes('introduction'));
  /** The book's run in Temporal, waiting in step mode for the author (the attempts below are its activity's). */
  const bookRun = (projectId: string) =>
    engine.client.workflow.start(bookWorkflow, {
      workflowId: `book-${projectId}`,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [{ projectId, mode: 'step', chapterConcurrency: 1, chaptersToGenerate: null }],
    });
  /** Runs the introduction's first attempt against a slow provider until its call has reached the provider. */
  async function callingIntroduction(name: string, run?: (projectId: string) => Promise<{ runId: string }>) {
    const project = await outlinedProject(name);
    const temporal = run ? { runId: (await run(project.id)).runId, client: engine.client } : undefined;
    const env = attempt(`book-${project.id}`, 1, temporal);
    const before = introductionCalls().length;
    const running = env.run(writing().writeFrame, project.id, 'introduction' as const);
    running.catch(() => undefined);
    await eventually(async () => introductionCalls().length, (n) => n > before);
    const [call] = introductionCalls().slice(before);
    return { project, env, running, call: call as NonNullable<typeof call> };
  }
  const stepsOf = (projectId: string) => engine.deps.orm.em.fork().find(ProviderStep, { project: projectId });

  const runningBook = async (projectId: string) => ({ runId: (await bookRun(projectId)).firstExecutionRunId });
  /** An attempt whose call is under way when `unwant` makes its answer unwanted and Temporal tells it "not found". */
  async function expectHungUp(name: string, unwant: (projectId: string) => Promise<unknown>, run?: typeof runningBook) {
    fake.delay(20_000);
    try {
      const { project, env, running, call } = await callingIntroduction(name, run);
      await unwant(project.id);
      env.cancel('NOT_FOUND', new ActivityCancellationDetails({ notFound: true }));
      await expect(running).rejects.toBeInstanceOf(CancelledFailure);
      await eventually(async () => call.abandonedAt, (at) => at !== undefined, 5000);
      expect(call.answeredAt).toBeUndefined();
      expect((await stepsOf(project.id)).map((s) => s.status)).toEqual(['failed']);
      expect(await recorded(project.id)).toEqual([]);
    } finally {
      fake.delay(0);
    }
  }

  it('whose book was cancelled, hangs up on the provider and frees the step', () =>
    // As the book's run does before it closes.
    expectHungUp('cancelled call', (id) => engine.deps.orm.em.fork().nativeUpdate(GeneratorProject, { id }, { stage: 'cancelled' })));

  it('whose run an operator terminated, hangs up on the provider and frees the step', () =>
    // The book's row untouched: only Temporal knows the run has closed.
    expectHungUp('terminated call', (id) => engine.client.workflow.getHandle(`book-${id}`).terminate('an operator'), runningBook));

  it('given up by Temporal (a missed heartbeat) while its book goes on, keeps its call: the answer is recorded on the step for the attempt that replaced it', async () => {
    fake.delay(1500);
    try {
      // The run is still running when Temporal gives the attempt up: another attempt of it will want the answer.
      const { project, env, running, call } = await callingIntroduction('timed-out call', runningBook);
      env.cancel('NOT_FOUND', new ActivityCancellationDetails({ notFound: true }));
      await running.catch(() => undefined);
      expect(call.abandonedAt).toBeUndefined();
      expect(call.answeredAt).toBeDefined();
      expect((await stepsOf(project.id)).map((s) => s.status)).toEqual(['done']);
      expect((await recorded(project.id)).map((c) => c.purpose)).toEqual(['introduction']);
      await engine.client.workflow.getHandle(`book-${project.id}`).terminate('the test is done');
    } finally {
      fake.delay(0);
    }
  });
});
