import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { styleText } from 'node:util';
import { colorFor, say } from './log.ts';

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  uid?: number;
  gid?: number;
  /** Where output goes: a log file (infrastructure) or the console with a coloured prefix (the app). */
  logFile?: string;
  /** Restart after a crash (with backoff) while the stack is up. */
  restart?: boolean;
  /** Signal that makes the program shut down cleanly (PostgreSQL: SIGINT is its "fast" shutdown). */
  stopSignal?: NodeJS.Signals;
}

interface Supervised {
  spec: ProcessSpec;
  child: ChildProcess;
  restarts: number;
  log?: WriteStream;
}

/** Starts child processes, pipes their output, restarts crashed ones and stops them all in reverse order. */
export class Supervisor {
  readonly #running = new Map<string, Supervised>();
  #stopping = false;

  start(spec: ProcessSpec): ChildProcess {
    const existing = this.#running.get(spec.name);
    const entry: Supervised = { spec, child: this.#spawn(spec), restarts: existing?.restarts ?? 0 };
    if (existing?.log) entry.log = existing.log;
    if (spec.logFile && !entry.log) {
      mkdirSync(dirname(spec.logFile), { recursive: true });
      entry.log = createWriteStream(spec.logFile, { flags: 'a' });
    }
    this.#pipe(entry);
    this.#running.set(spec.name, entry);
    entry.child.once('exit', (code, signal) => this.#onExit(entry, code, signal));
    return entry.child;
  }

  isRunning(name: string): boolean {
    const entry = this.#running.get(name);
    return !!entry && entry.child.exitCode === null && entry.child.signalCode === null;
  }

  #spawn(spec: ProcessSpec): ChildProcess {
    // Own process group: a terminal's Ctrl-C reaches only the supervisor, which stops children in order.
    const options: SpawnOptions = { env: spec.env ?? process.env, cwd: spec.cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true };
    if (spec.uid !== undefined) options.uid = spec.uid;
    if (spec.gid !== undefined) options.gid = spec.gid;
    return spawn(spec.command, spec.args, options);
  }

  #pipe(entry: Supervised): void {
    const { child, spec } = entry;
    const prefix = styleText(colorFor(spec.name), spec.name.padEnd(8));
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      if (entry.log) {
        stream.pipe(entry.log, { end: false });
      } else {
        createInterface({ input: stream }).on('line', (line) => console.log(`${prefix} │ ${line}`));
      }
    }
    child.once('error', (error) => console.log(`${prefix} │ could not start: ${error.message}`));
  }

  #onExit(entry: Supervised, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.#stopping || this.#running.get(entry.spec.name) !== entry) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!entry.spec.restart) {
      say(`${entry.spec.name} exited (${how})${entry.spec.logFile ? `; its log is ${entry.spec.logFile}` : ''}`);
      return;
    }
    const delay = Math.min(30_000, 1000 * 2 ** Math.min(entry.restarts, 5));
    say(`${entry.spec.name} exited (${how}); restarting in ${delay / 1000} s`);
    setTimeout(() => {
      if (this.#stopping) return;
      const next = this.start(entry.spec);
      const current = this.#running.get(entry.spec.name);
      if (current) current.restarts = entry.restarts + 1;
      // A process that stays up for a minute has recovered: reset its backoff.
      setTimeout(() => {
        if (current && current.child === next && this.isRunning(entry.spec.name)) current.restarts = 0;
      }, 60_000).unref();
    }, delay).unref();
  }

  /** Stops every process, newest first, each with its clean-shutdown signal, then SIGKILL after `graceMs`. */
  async stopAll(graceMs = 15_000): Promise<void> {
    this.#stopping = true;
    for (const entry of [...this.#running.values()].reverse()) {
      const { child, spec } = entry;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill(spec.stopSignal ?? 'SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      entry.log?.end();
    }
    this.#running.clear();
  }
}
