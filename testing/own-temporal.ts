import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection } from '@temporalio/client';
import { ensureTemporalCli } from '../scripts/stack/temporal-cli.ts';
import { customSearchAttributes } from '../workflows/search-attributes.ts';
import { freePort } from './index.ts';

/**
 * A Temporal dev server of the test's own (its namespace and search attributes registered), so a test can stop it
 * without disturbing the other files that share the stack's server.
 */
export class OwnTemporal {
  readonly address: string;
  readonly #port: number;
  readonly #dir = mkdtempSync(join(tmpdir(), 'pressroom-temporal-'));
  #process: ChildProcess | undefined;

  private constructor(port: number) {
    this.#port = port;
    this.address = `127.0.0.1:${port}`;
  }

  static async start(namespace: string): Promise<OwnTemporal> {
    const temporal = new OwnTemporal(await freePort());
    await temporal.#start(namespace);
    return temporal;
  }

  async #start(namespace: string): Promise<void> {
    const binary = await ensureTemporalCli();
    const attributes = customSearchAttributes.flatMap((key) => ['--search-attribute', `${key.name}=Keyword`]);
    this.#process = spawn(
      binary,
      ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(this.#port), '--headless', '--log-level', 'error', '--db-filename', join(this.#dir, 'temporal.db'), '--namespace', namespace, ...attributes],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const connection = await Connection.connect({ address: this.address, connectTimeout: 1000 }).catch(() => null);
      if (connection) {
        const ready = await connection.workflowService.describeNamespace({ namespace }).then(() => true, () => false);
        await connection.close();
        if (ready) return;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('test Temporal server did not start');
  }

  /** Stops the server where it stands (SIGSTOP): it keeps its port and its state but answers nothing. */
  pause(): void {
    this.#process?.kill('SIGSTOP');
  }

  resume(): void {
    this.#process?.kill('SIGCONT');
  }

  async destroy(): Promise<void> {
    const child = this.#process;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
