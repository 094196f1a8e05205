import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureStepPruningSchedule } from '../../apps/worker/src/step-pruning-schedule.ts';
import { pruneRecordedSteps } from '../../libs/db/index.ts';
import { engineForFile, eventually, testConfig } from '../../testing/index.ts';
import { sql } from '../../testing/sql.ts';
import { insertWrittenBook } from '../../testing/written-books.ts';
import { stepPruningWorkflow } from './step-pruning.ts';

// Recorded provider and bookkeeping steps are pruned after their retention by a durable schedule; a step a retry could
// still ask for (claimed, failed, or recent) stays.
const config = testConfig({ TEMPORAL_TASK_QUEUE: `step-pruning-${randomUUID().slice(0, 8)}` });
const engine = engineForFile(config);
const schedules: string[] = [];
afterAll(async () => {
  for (const id of schedules) await engine.client.schedule.getHandle(id).delete().catch(() => undefined);
});

/** Steps of one book, recorded `days` ago, under a tag of the test's own. */
async function recordSteps(tag: string): Promise<void> {
  const projectId = await insertWrittenBook(engine.deps.orm, { chapters: [{ title: 'Kept', content: 'Text.' }] });
  const step = (key: string, status: string, days: number) =>
    sql(
      config.DATABASE_URL,
      `insert into provider_steps (key, project_id, purpose, status, owner, lease_until, text, model, created_at, completed_at)
       values ($1, $2, 'chapter 1', $3::text, $4, now() - make_interval(days => $5::int), 'text', 'model', now() - make_interval(days => $5::int), case when $3::text = 'done' then now() - make_interval(days => $5::int) end)`,
      [`${tag}/${key}`, projectId, status, randomUUID(), days],
    );
  await step('old-done', 'done', 40);
  await step('recent-done', 'done', 2);
  await step('old-failed', 'failed', 40);
  await step('old-calling', 'calling', 40);
  for (const [key, days] of [['old-stage', 40], ['recent-stage', 0]] as const) {
    await sql(config.DATABASE_URL, `insert into recorded_steps (key, created_at) values ($1, now() - make_interval(days => $2::int))`, [`${tag}/${key}`, days]);
  }
}

async function keptSteps(tag: string): Promise<string[]> {
  const rows = await engine.deps.orm.em
    .fork()
    .getConnection()
    .execute<{ key: string }[]>(`select key from provider_steps where key like ? union all select key from recorded_steps where key like ? order by 1`, [`${tag}/%`, `${tag}/%`]);
  return rows.map((row: { key: string }) => row.key.slice(tag.length + 1));
}

describe('pruning recorded steps', () => {
  it('the step-pruning schedule removes done provider steps and bookkeeping steps past their retention, and nothing else', async () => {
    const tag = `prune-${randomUUID()}`;
    await recordSteps(tag);
    const scheduleId = `step-pruning-test-${randomUUID()}`;
    schedules.push(scheduleId);
    await ensureStepPruningSchedule(engine.client, { scheduleId, everySeconds: 1, taskQueue: config.TEMPORAL_TASK_QUEUE, input: { retentionDays: 30 } });
    // Provider steps are pruned before bookkeeping steps, by statements of their own.
    const kept = await eventually(() => keptSteps(tag), (keys) => !keys.includes('old-done') && !keys.includes('old-stage'), 30_000);
    expect(kept).toEqual(['old-calling', 'old-failed', 'recent-done', 'recent-stage']);
    const schedule = await engine.client.schedule.getHandle(scheduleId).describe();
    expect(schedule.action).toMatchObject({ workflowType: 'stepPruningWorkflow', args: [{ retentionDays: 30 }] });
    // Stopped here, so the next test's rows are pruned only by the run it starts.
    await engine.client.schedule.getHandle(scheduleId).delete();
  });

  it('follows the retention it is given: a day prunes a step done two days ago, never a claimed or failed one', async () => {
    const tag = `prune-${randomUUID()}`;
    await recordSteps(tag);
    const pruned = await engine.client.workflow.execute(stepPruningWorkflow, { workflowId: `step-pruning-${randomUUID()}`, taskQueue: config.TEMPORAL_TASK_QUEUE, args: [{ retentionDays: 1 }] });
    // The step done two days ago is this run's to prune (no 30-day round could take it).
    expect(pruned.providerSteps).toBeGreaterThanOrEqual(1);
    expect(await keptSteps(tag)).toEqual(['old-calling', 'old-failed', 'recent-stage']);
  });

  it('deletes a backlog in batches, going on until a batch comes back short', async () => {
    const tags = [`prune-${randomUUID()}`, `prune-${randomUUID()}`, `prune-${randomUUID()}`];
    for (const tag of tags) await recordSteps(tag);
    let batches = 0;
    const pruned = await pruneRecordedSteps(engine.deps.orm.em.fork(), 30, { batchRows: 1, onBatch: () => void batches++ });
    // Each table's last batch is the one that came back short.
    expect(batches).toBe(pruned.providerSteps + pruned.recordedSteps + 2);
    expect(pruned.providerSteps).toBeGreaterThanOrEqual(tags.length);
    for (const tag of tags) expect(await keptSteps(tag)).toEqual(['old-calling', 'old-failed', 'recent-done', 'recent-stage']);
  });
});
