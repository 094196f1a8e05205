// The steps `npm test` runs beside the stack start (lint, type-checks, builds): each its own process, its output held
// and printed when it ends, so steps running side by side do not interleave their lines.
import { spawn, type ChildProcess } from 'node:child_process';
import { say, sinceStart, StackError } from './log.ts';
import { repoRoot } from './profile.ts';

export interface Step {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

const running = new Set<ChildProcess>();

/** Ends the steps still running (the run stopped on another chain's failure or on Ctrl-C). */
export function stopSteps(): void {
  for (const child of running) child.kill('SIGTERM');
}

/** Runs one step; resolves when it passes, rejects with a StackError when it fails (its output printed either way). */
export function runStep({ name, command, args, env }: Step): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: env ?? process.env });
    running.add(child);
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', (error) => reject(new StackError(`${name} could not start: ${error.message}`)));
    child.once('close', (code) => {
      running.delete(child);
      const text = Buffer.concat(output).toString();
      if (text.trim()) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      if (code !== 0) return reject(new StackError(`${name} failed; see the output above.`));
      say(`${name} passed in ${((Date.now() - started) / 1000).toFixed(1)} s ${sinceStart()}`);
      resolve();
    });
  });
}

/** Runs steps one after another. */
export async function runInOrder(steps: Step[]): Promise<void> {
  for (const step of steps) await runStep(step);
}

/**
 * Runs every chain at once and waits for all of them; the first failure is reported once every chain has ended
 * (so no step is left running behind the error).
 */
export async function runSideBySide(chains: Promise<void>[]): Promise<void> {
  const results = await Promise.allSettled(chains);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
