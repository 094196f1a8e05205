import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Books are batch work; a page waiting on the API is not. Linux shares the CPU between sessions, each a scheduling
 * group of equal weight (autogroup), so a worker busy with fifty books weighed as much as the API and PostgreSQL and
 * held up their answers (a status read's p99 under the load test: 27–32 ms; with the worker's group at niceness 5,
 * 14–23 ms, at the same books a minute). Books still have every CPU the others leave idle.
 */
export const WORKER_GROUP_NICENESS = 5;

export type GroupNiceness = 'set' | 'shared session' | 'unsupported';

/**
 * Gives the worker's scheduling group WORKER_GROUP_NICENESS, when the worker leads a session of its own (the stack
 * manager and the fault drill start it so). Started from a shell, it shares the shell's group and leaves it alone.
 * In a container the cgroup's weight decides instead (docker-compose.yml gives the worker a lower `cpu_shares`).
 */
export function yieldToInteractiveWork(): GroupNiceness {
  let stat: string;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return 'unsupported';
  }
  // The fields after the command's name, which is in parentheses and may hold spaces: state, ppid, pgrp, session.
  const session = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
  if (session !== process.pid) return 'shared session';
  try {
    writeFileSync('/proc/self/autogroup', String(WORKER_GROUP_NICENESS));
    return 'set';
  } catch {
    // No autogroups in this kernel, or a sandbox that forbids the write: the worker runs as it is.
    return 'unsupported';
  }
}
