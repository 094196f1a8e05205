import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import proto from '@temporalio/proto';
import { describe, expect, it } from 'vitest';
import { GeneratorProject } from '../../libs/db/index.ts';
import { packageWorkflowId } from '../../libs/domain/index.ts';
import { engineForFile, testConfig } from '../../testing/index.ts';
import { bookWorkflow } from './workflow.ts';
import { ProjectIdAttribute } from '../search-attributes.ts';

/**
 * What one real-size book (12 chapters, about 105 pages, a cover) costs the Temporal server and the worker (issue 32):
 * the events and workflow tasks of its histories (the book's and its packaging run's), where they come from, and the
 * CPU-seconds of this process (the worker and its render threads) and of the Temporal server while it ran.
 */
const config = testConfig({ TEMPORAL_TASK_QUEUE: `book-cost-${randomUUID().slice(0, 8)}` });
const engine = engineForFile(config);
const TICK_MS = 10; // /proc's clock ticks (CLK_TCK 100)

/** The Temporal server's process (the one listening on the test profile's port), or null if it is not on this machine. */
function temporalPid(): number | null {
  const port = config.TEMPORAL_ADDRESS.split(':').pop() as string;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (argv.includes('start-dev') && argv.includes(port)) return Number(entry);
    } catch {
      // a process that ended while listed
    }
  }
  return null;
}
const cpuMsOf = (pid: number | null) => {
  if (pid === null) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};
/** PostgreSQL's CPU so far: every postgres process's own and its finished children's (backends that ended). */
function postgresCpuMs(): number {
  let ms = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      ms += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * TICK_MS;
    } catch {
      // a process that ended while listed
    }
  }
  return ms;
}
/** With BOOK_COST_PROFILE=<file>, a CPU profile of this process's main thread (the worker's) while `work` runs. */
async function profiled<T>(work: () => Promise<T>): Promise<T> {
  const file = process.env.BOOK_COST_PROFILE;
  if (!file) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function newProject(): Promise<string> {
  const em = engine.deps.orm.em.fork();
  const project = em.create(GeneratorProject, {
    id: randomUUID(), name: 'working-notebook', title: 'The Working Notebook', author: 'Bench Runner', topic: 'How writers turn scattered notes into a finished book',
    writingStyle: 'practical', totalTargetWords: 30_000, chapterCount: 12, language: 'English', provider: 'mock', mode: 'auto', createdAt: new Date(), updatedAt: new Date(),
  });
  await em.flush();
  return project.id;
}

type Event = proto.temporal.api.history.v1.IHistoryEvent;
const typeName = (event: Event) => proto.temporal.api.enums.v1.EventType[event.eventType ?? 0] ?? String(event.eventType);

async function book() {
  const projectId = await newProject();
  const handle = await engine.client.workflow.start(bookWorkflow, {
    workflowId: `book-${projectId}`, taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [{ projectId, mode: 'auto', provider: 'mock', chaptersToGenerate: null }],
    typedSearchAttributes: [{ key: ProjectIdAttribute, value: projectId }],
  });
  const result = await handle.result();
  const histories = await Promise.all([handle.fetchHistory(), engine.client.workflow.getHandle(packageWorkflowId(projectId, 1)).fetchHistory()]);
  return { result, events: histories.flatMap((h) => h.events ?? []) };
}

/** Events by type, and activities (remote and local) by name. */
function breakdown(events: Event[]) {
  const byType = new Map<string, number>();
  const activities = new Map<string, number>();
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const event of events) {
    count(byType, typeName(event));
    const scheduled = event.activityTaskScheduledEventAttributes?.activityType?.name;
    if (scheduled) count(activities, scheduled);
    if (event.markerRecordedEventAttributes?.markerName === 'core_local_activity') count(activities, '(local activity)');
  }
  return { byType, activities };
}

describe('what one 12-chapter book costs', () => {
  it('runs its bookkeeping as local activities, within a budget of events, and reports its CPU', async () => {
    // Warm-up: the render threads load Typst and their fonts, the JIT warms, the bundle is loaded.
    await book();
    const pid = temporalPid();
    // BOOK_COST_RUNS=n measures n books one after another (the figures of each are printed).
    const runs = Math.max(1, Number(process.env.BOOK_COST_RUNS) || 1);
    let last: Awaited<ReturnType<typeof book>> | undefined;
    for (let run = 1; run <= runs; run++) {
      const [worker0, server0, postgres0, t0] = [ownCpuMs(), cpuMsOf(pid), postgresCpuMs(), performance.now()];
      last = await profiled(book);
      const [workerMs, serverMs, postgresMs, wallMs] = [ownCpuMs() - worker0, cpuMsOf(pid) - server0, postgresCpuMs() - postgres0, performance.now() - t0];
      const workflowTasks = last.events.filter((event) => typeName(event) === 'EVENT_TYPE_WORKFLOW_TASK_COMPLETED').length;
      console.log(
        `book ${run} (${last.result.chapterCount} chapters, cover): ${last.events.length} events, ${workflowTasks} workflow tasks (book + packaging run); ` +
          `CPU: worker ${(workerMs / 1000).toFixed(2)} s, Temporal server ${(serverMs / 1000).toFixed(2)} s${pid === null ? ' (not found)' : ''}, ` +
          `PostgreSQL ${(postgresMs / 1000).toFixed(2)} s; ${(wallMs / 1000).toFixed(2)} s wall`,
      );
    }
    const { result, events } = last as Awaited<ReturnType<typeof book>>;
    expect(result.stage).toBe('complete');
    const { byType, activities } = breakdown(events);
    console.log(
      [
        `the last book's events by type and its activities:`,
        ...[...byType].sort((a, b) => b[1] - a[1]).map(([type, n]) => `  ${String(n).padStart(4)} ${type}`),
        ...[...activities].sort((a, b) => b[1] - a[1]).map(([name, n]) => `  ${String(n).padStart(4)} activity ${name}`),
      ].join('\n'),
    );
    // The book's stage records, finalizing and completing and the packaging run's status writes are local activities:
    // 21 activity tasks where there were 32 (12 chapters, outline, introduction, summary, the run's number, five builds).
    expect(activities.get('(local activity)')).toBe(11);
    expect(byType.get('EVENT_TYPE_ACTIVITY_TASK_SCHEDULED')).toBe(21);
    // 159–183 events and 16–24 workflow tasks (232–247 and 34–39 before): how workflow tasks batch varies with the load.
    expect(events.length).toBeLessThanOrEqual(200);
  }, 600_000);
});
