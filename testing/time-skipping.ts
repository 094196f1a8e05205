// Temporal's time-skipping test server, for tests of a workflow's timers at their real lengths: once nothing but
// timers is left to run, the server moves its clock to the next one, so days pass in milliseconds. It is the Java
// test server from Maven Central (scripts/stack/java-tools.ts; `npm test` fetches it), which @temporalio/testing would
// otherwise download as a native build from the internet.
import { randomUUID } from 'node:crypto';
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
  /** The environment: its `client` skips time while it waits for a result, `sleep` skips a given time. */
  readonly env: TestWorkflowEnvironment;
  /** The task queue of the file's worker. */
  readonly taskQueue: string;
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
  return {
    get env() {
      if (!env) throw new Error('the time-skipping environment starts in beforeAll');
      return env;
    },
    taskQueue,
  };
}
