// The load test's arithmetic (bench/load.ts), kept pure so that its unit test can check it: latency percentiles, the
// duplicates found in the rows the run wrote, and CPU from /proc's text.

/** The p-th percentile (0 < p ≤ 100) by nearest rank: the smallest sample at or above p % of them; NaN when none. */
export function percentile(samples: readonly number[], p: number): number {
  if (!samples.length) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export interface Latencies {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export const latencies = (samples: readonly number[]): Latencies => ({
  count: samples.length,
  p50: percentile(samples, 50),
  p95: percentile(samples, 95),
  p99: percentile(samples, 99),
});

/** What the run wrote, as the duplicate check reads it from PostgreSQL (DUPLICATE_ROWS_SQL). */
export interface WrittenRows {
  /** chapter_versions rows with source 'generated'. */
  versions: readonly { project_id: string; chapter: number }[];
  /** provider_steps rows: one per logical paid step (its key is unique). */
  steps: readonly { project_id: string; key: string; purpose: string }[];
  /** ai_provider_calls rows: one per paid provider call recorded. */
  calls: readonly { project_id: string; purpose: string }[];
}

/** The queries that read WrittenRows for the books of the run ($1: their project ids). */
export const DUPLICATE_ROWS_SQL = {
  versions: `select project_id::text as project_id, chapter from chapter_versions where source = 'generated' and project_id = any($1::uuid[])`,
  steps: `select project_id::text as project_id, key, purpose from provider_steps where project_id = any($1::uuid[])`,
  calls: `select project_id::text as project_id, purpose from ai_provider_calls where project_id = any($1::uuid[])`,
} as const;

export interface Duplicates {
  /** A chapter of a book with more than one `generated` version: the extra versions. */
  versions: number;
  /** Paid calls beyond one per step: call-log rows of a book and purpose beyond its steps of that purpose. */
  providerCalls: number;
  /** The places found, for the report ("book 1a2b… chapter 3: 2 generated versions"). */
  where: string[];
}

function countBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}

export function findDuplicates(rows: WrittenRows): Duplicates {
  const where: string[] = [];
  let versions = 0;
  for (const [at, n] of countBy(rows.versions, (v) => `book ${v.project_id.slice(0, 8)} chapter ${v.chapter}`)) {
    if (n > 1) {
      versions += n - 1;
      where.push(`${at}: ${n} generated versions`);
    }
  }
  const steps = countBy(rows.steps, (s) => `${s.project_id}\u0000${s.purpose}`);
  let providerCalls = 0;
  for (const [at, n] of countBy(rows.calls, (c) => `${c.project_id}\u0000${c.purpose}`)) {
    const extra = n - (steps.get(at) ?? 0);
    if (extra > 0) {
      providerCalls += extra;
      const [project, purpose] = at.split('\u0000') as [string, string];
      where.push(`book ${project.slice(0, 8)} ${purpose}: ${n} provider calls for ${steps.get(at) ?? 0} step(s)`);
    }
  }
  return { versions, providerCalls, where };
}

/** One line of /proc/<pid>/stat, the fields the CPU accounting needs (times in clock ticks). */
export interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime: the process's own CPU, all of its threads. */
  ownTicks: number;
  /** cutime + cstime: its children's that it has waited for (a worker's poppler, PostgreSQL's ended backends). */
  childTicks: number;
}

/** Parses /proc/<pid>/stat; the command name may hold spaces and parentheses, so fields are counted from the last ')'. */
export function parseStat(text: string): ProcStat {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc stat line: ${text.slice(0, 80)}`);
  // After ") ": state (field 3), ppid (4), … utime (14), stime (15), cutime (16), cstime (17).
  const rest = text.slice(close + 2).trim().split(/\s+/);
  const field = (n: number) => Number(rest[n - 3]);
  return { pid: Number(text.slice(0, open).trim()), ppid: field(4), comm: text.slice(open + 1, close), ownTicks: field(14) + field(15), childTicks: field(16) + field(17) };
}

/**
 * CPU ticks of the process tree under `root`, itself included: every live process's own time and the time of the
 * children it has reaped. A process that has ended is counted once, in its reaper's child time.
 */
export function treeTicks(stats: readonly ProcStat[], root: number): number {
  const children = new Map<number, ProcStat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const top = stats.find((s) => s.pid === root);
  if (!top) return 0;
  let ticks = 0;
  for (const queue = [top]; queue.length; ) {
    const s = queue.pop() as ProcStat;
    ticks += s.ownTicks + s.childTicks;
    queue.push(...(children.get(s.pid) ?? []));
  }
  return ticks;
}

/** Books a minute from the first start to the last completion. */
export const booksPerMinute = (completed: number, firstStartMs: number, lastDoneMs: number) =>
  completed && lastDoneMs > firstStartMs ? (completed * 60_000) / (lastDoneMs - firstStartMs) : 0;
