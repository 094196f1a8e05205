import { noopMetricMeter, type MetricCounter, type MetricMeter, type MetricTags } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeneratorProject, RecordedStep } from '../../libs/db/index.ts';
import { WORKER_METRICS } from '../../libs/metrics/index.ts';
import { openDeps, testConfig } from '../../testing/index.ts';
import { insertWrittenBook } from '../../testing/written-books.ts';
import { createWritingActivities } from './writing.ts';

// The worker's book counters (pressroom_book_stages, pressroom_book_failures) count a logical step once, however many
// attempts of its activity ran: only the attempt whose write landed first counts, against real PostgreSQL.
const config = testConfig();
let deps: Awaited<ReturnType<typeof openDeps>>;
beforeAll(async () => {
  deps = await openDeps(config);
});
afterAll(async () => {
  await deps?.close();
});

/** What the activities counted on the meter Temporal hands them: name, stage and how much. */
const counted: { name: string; stage: unknown; value: number }[] = [];
const meter: MetricMeter = Object.assign(Object.create(noopMetricMeter) as MetricMeter, {
  createCounter(name: string): MetricCounter {
    const counter = noopMetricMeter.createCounter(name);
    return Object.assign(Object.create(counter) as MetricCounter, { add: (value: number, tags?: MetricTags) => void counted.push({ name, stage: tags?.stage, value }) });
  },
});
const total = (name: string, stage: string) => counted.filter((c) => c.name === name && c.stage === stage).reduce((sum, c) => sum + c.value, 0);

/** One attempt of activity `activityId` of a book's run, as Temporal runs it (a retry keeps the activity id). */
const attempt = (projectId: string, activityId: string, n: number) =>
  new MockActivityEnvironment({ workflowExecution: { workflowId: `book-${projectId}`, runId: 'run-1' }, activityId, attempt: n }, { metricMeter: meter });

describe("the worker's book counters", () => {
  it('count a stage once when its activity ran twice (the first attempt wrote, then was lost), and again when a new step enters it', async () => {
    const projectId = await insertWrittenBook(deps.orm, { chapters: [{ title: 'Counted', content: 'Text.' }] });
    const writing = createWritingActivities(deps);
    const stages = WORKER_METRICS.bookStages.name;
    const before = total(stages, 'generating_chapters');
    await attempt(projectId, '4', 1).run(writing.recordStage, projectId, 'generating_chapters');
    await attempt(projectId, '4', 2).run(writing.recordStage, projectId, 'generating_chapters');
    expect(total(stages, 'generating_chapters') - before).toBe(1);
    const em = deps.orm.em.fork();
    expect((await em.findOneOrFail(GeneratorProject, { id: projectId })).stage).toBe('generating_chapters');
    expect(await em.count(RecordedStep, { key: { $like: `book-${projectId}/%` } })).toBe(1);

    // Another stage call of the same run enters the stage again (a chapter regenerated): that is a new step, counted.
    await attempt(projectId, '9', 1).run(writing.recordStage, projectId, 'generating_chapters');
    expect(total(stages, 'generating_chapters') - before).toBe(2);
  });

  it('count a failure and a completion once across retried attempts', async () => {
    const projectId = await insertWrittenBook(deps.orm, { chapters: [{ title: 'Counted', content: 'Text.' }] });
    const writing = createWritingActivities(deps);
    const failures = WORKER_METRICS.bookFailures.name;
    const failedBefore = total(failures, 'generating_summary');
    for (const n of [1, 2, 3]) await attempt(projectId, '12', n).run(writing.recordFailure, projectId, 'generating_summary', 'The provider gave up');
    expect(total(failures, 'generating_summary') - failedBefore).toBe(1);

    const stages = WORKER_METRICS.bookStages.name;
    const completedBefore = total(stages, 'complete');
    for (const n of [1, 2]) await attempt(projectId, '15', n).run(writing.completeProject, projectId);
    expect(total(stages, 'complete') - completedBefore).toBe(1);
    expect((await deps.orm.em.fork().findOneOrFail(GeneratorProject, { id: projectId })).stage).toBe('complete');
  });
});
