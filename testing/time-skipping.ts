// Temporal's time-skipping test server, for tests of a workflow's timers at their real lengths: once nothing but
// timers is left to run, the server moves its clock to the next one, so days pass in milliseconds. It is the Java
// test server from Maven Central (scripts/stack/java-tools.ts; `npm test` fetches it), which @temporalio/testing would
// otherwise download as a native build from the internet.
import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import { tsToMs } from '@temporalio/common/lib/time.js';
import proto from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { afterAll, beforeAll } from 'vitest';
import { workflowBundle } from '../apps/worker/src/worker.ts';
import { javaToolLauncher } from '../scripts/stack/java-tools.ts';
import { customSearchAttributes } from '../workflows/search-attributes.ts';

const { temporal } = proto; // a CommonJS package: its namespaces are not named ESM exports

type Activity = (...args: unknown[]) => Promise<unknown>;

/**
 * The server skips time whenever nothing holds its clock, whatever a worker is still doing: an activity that takes real
 * milliseconds would see its own time-outs pass. Each activity holds the clock while it runs (the lock is counted).
 */
function holdingTheClock(env: TestWorkflowEnvironment, activities: object): Record<string, Activity> {
  const clock = env.connection.testService;
  if (!clock) throw new Error('the time-skipping server has no test service');
  const held = (activity: Activity): Activity => async (...args) => {
    await clock.lockTimeSkipping({});
    try {
      return await activity(...args);
    } finally {
      await clock.unlockTimeSkipping({});
    }
  };
  return Object.fromEntries(Object.entries(activities as Record<string, Activity>).map(([name, activity]) => [name, held(activity)]));
}

export interface TimeSkipping {
  /** The environment: its `client` skips time while it waits for a result; to skip a given time, `skip`. */
  readonly env: TestWorkflowEnvironment;
  /** The task queue of the file's worker. */
  readonly taskQueue: string;
  /** Moves the server's clock `ms` on, firing the timers due on the way, so that none of `run`'s is about to fire (below). */
  skip(run: WorkflowHandle, ms: number): Promise<void>;
}

/** How far past a skip's end the test may still be sending to the run: no timer of its may fall due that soon. */
const TIMER_GUARD_MS = 60_000;

/** When `run`'s earliest timer still running falls due (server time, epoch ms), if it has one. */
async function nextTimer(run: WorkflowHandle): Promise<number | undefined> {
  const due = new Map<string, number>();
  for (const event of (await run.fetchHistory()).events ?? []) {
    const started = event.timerStartedEventAttributes;
    if (started?.timerId) due.set(started.timerId, tsToMs(event.eventTime) + tsToMs(started.startToFireTimeout));
    const ended = event.timerFiredEventAttributes ?? event.timerCanceledEventAttributes;
    if (ended?.timerId) due.delete(ended.timerId);
  }
  return due.size ? Math.min(...due.values()) : undefined;
}

/**
 * `env.sleep(ms)`, then on past any timer of `run`'s due within TIMER_GUARD_MS. The server strands a run whose workflow
 * task cancels a timer that fired while the task was with the worker: it refuses the completion ("invalid history
 * builder state for action", temporalio/sdk-java#3088) and never sends the task again, so the test's next update
 * waits for ever. Between skips its clock runs at real pace, and a timer started a moment after a skip began (by a
 * workflow task still at work when it began) falls due a moment after it ends: while the update that ends its wait is
 * with the worker.
 */
async function skipClearOfTimers(env: TestWorkflowEnvironment, run: WorkflowHandle, ms: number): Promise<void> {
  await env.sleep(ms);
  for (;;) {
    const [next, now] = await Promise.all([nextTimer(run), env.currentTimeMs()]);
    if (next === undefined || next - now > TIMER_GUARD_MS) return;
    await env.sleep(Math.max(next - now, 0) + 1);
  }
}

/**
 * A time-skipping server and a worker of the file's own (the repository's workflow bundle, `activities()`), started
 * before its tests and stopped after them; read `env` and `taskQueue` inside tests.
 */
export function timeSkippingForFile(activities: () => object): TimeSkipping {
  const taskQueue = `time-skipping-${randomUUID()}`;
  let env: TestWorkflowEnvironment | undefined;
  let stopWorker: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('ERROR'), shutdownSignals: [] });
    env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: javaToolLauncher('temporal-test-server') } } });
    const namespace = env.namespace ?? 'default';
    // The workflows keep their stage in these (all keywords); a server without them fails the workflow task.
    const keyword = temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD;
    await env.connection.operatorService.addSearchAttributes({ namespace, searchAttributes: Object.fromEntries(customSearchAttributes.map((key) => [key.name, keyword])) });
    const worker = await Worker.create({ connection: env.nativeConnection, namespace, taskQueue, workflowBundle: await workflowBundle(), activities: holdingTheClock(env, activities()) });
    const running = worker.run();
    stopWorker = async () => {
      worker.shutdown();
      await running;
    };
  });
  afterAll(async () => {
    await stopWorker?.();
    await env?.teardown();
  });
  const started = () => {
    if (!env) throw new Error('the time-skipping environment starts in beforeAll');
    return env;
  };
  return {
    get env() {
      return started();
    },
    taskQueue,
    skip: (run, ms) => skipClearOfTimers(started(), run, ms),
  };
}
