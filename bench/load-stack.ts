// The load test's own stack, on free loopback ports in a temp dir (no test lock, no shared data): PostgreSQL, a Temporal
// dev server, MinIO and the real worker (testing/fault-drill.ts starts those as separate processes), the real API
// compiled into a folder of its own and run as its own process, and the loopback fake LLM in this process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FakeAiServer } from '../testing/ai-fakes.ts';
import { FaultDrill } from '../testing/fault-drill.ts';
import { freePort } from '../testing/index.ts';
import { tsc } from '../scripts/stack/app.ts';
import { loadProfile, repoRoot } from '../scripts/stack/profile.ts';
import { parseStat, treeTicks, type ProcStat } from '../scripts/load-figures.ts';

export const MEASURED = ['worker', 'api', 'temporal', 'postgres', 'minio'] as const;
export type Measured = (typeof MEASURED)[number];
export const CLOCK_TICK_MS = 10; // CLK_TCK 100 on Linux

export interface LoadStack {
  drill: FaultDrill;
  fake: FakeAiServer;
  apiUrl: string;
  databaseUrl: string;
  /** CPU milliseconds so far of each measured process tree (render threads, poppler, PostgreSQL backends included). */
  cpuMs(): Record<Measured, number>;
  stop(): Promise<void>;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The API compiled into its own folder, so neither `npm start`'s dist/ nor another bench's is rebuilt under them. */
function compileApi(): string {
  const outDir = join(repoRoot, '.data/bench/load-api-dist');
  // Emitted even when a file elsewhere has a type error (another engineer's work in progress).
  spawnSync(tsc, ['-p', 'apps/api/tsconfig.build.json', '--outDir', outDir, '--incremental', '--tsBuildInfoFile', join(outDir, 'api.tsbuildinfo')], { cwd: repoRoot, stdio: 'ignore' });
  const main = join(outDir, 'apps/api/src/main.js');
  if (!existsSync(main)) throw new Error('the API did not compile (tsc -p apps/api/tsconfig.build.json)');
  return main;
}

function procStats(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      stats.push(parseStat(readFileSync(`/proc/${entry}/stat`, 'utf8')));
    } catch {
      // It ended between the listing and the read.
    }
  }
  return stats;
}

const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

/** Which measured service a direct child of this process is, by its command line. */
function serviceOf(command: string, apiMain: string): Measured | null {
  if (command.includes(apiMain)) return 'api';
  if (command.includes('apps/worker/src/main.ts')) return 'worker';
  if (/\bpostgres\b.* -D /.test(command)) return 'postgres';
  if (command.includes('server start-dev')) return 'temporal';
  if (/\bminio server\b/.test(command)) return 'minio';
  return null;
}

export async function startLoadStack({ latencyMs }: { latencyMs: number }): Promise<LoadStack> {
  // The test profile's defaults and local secrets (generous rate limits: every account here shares 127.0.0.1); the drill
  // puts its own addresses over them.
  const profile = loadProfile('test');
  Object.assign(process.env, profile.env, { LOG_LEVEL: 'warn' });
  const apiMain = compileApi();
  const fake = await new FakeAiServer().start();
  fake.delay(latencyMs);
  const providerEnv = { ANTHROPIC_API_KEY: 'bench', ANTHROPIC_BASE_URL: fake.url };
  let drill: FaultDrill | undefined;
  let api: ChildProcess | undefined;
  const stop = async () => {
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api?.once('exit', resolve));
      api.kill('SIGTERM');
      await Promise.race([exited, pause(10_000)]);
    }
    await drill?.destroy();
    await fake.stop();
  };
  try {
    drill = await FaultDrill.start({ workerEnv: providerEnv });
    const port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    // LOAD_API_NODE_ARGS: flags for the API's Node (e.g. --cpu-prof --cpu-prof-dir=DIR, to profile it under the load).
    // In a session of its own, as the stack manager starts it: Linux gives each session its own scheduling group, and in
    // this process's the API would queue behind the load (the polling pages, the readers) it is measured under.
    const started = spawn(process.execPath, [...(process.env.LOAD_API_NODE_ARGS?.split(' ').filter(Boolean) ?? []), apiMain], { cwd: repoRoot, env: { ...drill.env, ...providerEnv, API_PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
    api = started;
    for (const deadline = Date.now() + 120_000; !(await fetch(`${apiUrl}/api/health`).then((r) => r.status < 500, () => false)); ) {
      if (started.exitCode !== null || Date.now() > deadline) throw new Error('the API did not start');
      await pause(250);
    }
    const running = drill;
    const cpuMs = () => {
      const stats = procStats();
      const totals = Object.fromEntries(MEASURED.map((m) => [m, 0])) as Record<Measured, number>;
      for (const child of stats.filter((s) => s.ppid === process.pid)) {
        const service = serviceOf(cmdline(child.pid), apiMain);
        if (service) totals[service] += treeTicks(stats, child.pid) * CLOCK_TICK_MS;
      }
      return totals;
    };
    return { drill: running, fake, apiUrl, databaseUrl: running.config.DATABASE_URL, cpuMs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
