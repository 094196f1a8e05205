import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../testing/index.ts';
import { loadProfile, type Profile } from './profile.ts';
import { ensurePostgres, runningPostmaster } from './services.ts';
import { Supervisor } from './supervisor.ts';
import { findPostgresBin, postgresUser } from './tools.ts';

// The stack manager and a PostgreSQL already there (a real one, started here): it is adopted, never doubled.
const bin = findPostgresBin();
const user = postgresUser();
let root: string;
let dataDir: string;
let port: number;
let postmaster: ChildProcess | undefined;

const startPostgres = (listen: string) => {
  postmaster = spawn(join(bin as string, 'postgres'), ['-D', dataDir, '-p', String(port), '-c', `listen_addresses=${listen}`, '-k', dataDir], { stdio: 'ignore', detached: true, ...user });
  return postmaster;
};
async function stopPostgres(): Promise<void> {
  const child = postmaster;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
}
const profileAt = (database: string): Profile => ({ ...loadProfile('test'), dataDir: root, env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/${database}` } });
async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
async function answering(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await query('select 1').then(() => true, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('test PostgreSQL did not start');
}

beforeAll(async () => {
  if (!bin) throw new Error('PostgreSQL is not installed (npm test installs it)');
  root = mkdtempSync(join(tmpdir(), 'pressroom-adopt-'));
  dataDir = join(root, 'postgres');
  mkdirSync(dataDir, { mode: 0o700 });
  if (user) {
    chownSync(root, user.uid, user.gid);
    chownSync(dataDir, user.uid, user.gid);
  }
  const init = spawnSync(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], { stdio: 'ignore', ...user });
  expect(init.status).toBe(0);
  port = await freePort();
}, 60_000);
afterAll(async () => {
  await stopPostgres();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('ensurePostgres and a PostgreSQL already running', () => {
  it('adopts the one that answers at the address: no second server, the database created in it', async () => {
    const running = startPostgres('127.0.0.1');
    await answering();
    const supervisor = new Supervisor();
    await ensurePostgres({ profile: profileAt('adopted_db'), supervisor, readyTimeoutMs: 10_000 });
    expect(supervisor.isRunning('postgres')).toBe(false);
    expect(runningPostmaster(dataDir)).toEqual({ pid: running.pid, port });
    expect(await query('select datname from pg_database where datname = $1', ['adopted_db'])).toHaveLength(1);
    await stopPostgres();
  });

  it('does not start a second server on a data directory whose postmaster runs but takes no TCP connection', async () => {
    const running = startPostgres('');
    for (let i = 0; i < 100 && !runningPostmaster(dataDir); i++) await new Promise((r) => setTimeout(r, 100));
    expect(runningPostmaster(dataDir)?.pid).toBe(running.pid);
    const supervisor = new Supervisor();
    await expect(ensurePostgres({ profile: profileAt('never_db'), supervisor, readyTimeoutMs: 1500 })).rejects.toThrow(/takes no connection there/);
    expect(supervisor.isRunning('postgres')).toBe(false);
    expect(running.exitCode).toBeNull();
    await stopPostgres();
  });

  it('takes a lock file left by a crash for what it is: no server to adopt', () => {
    writeFileSync(join(root, 'postmaster.pid'), `999999\n${dataDir}\n0\n${port}\n`);
    expect(runningPostmaster(root)).toBeNull();
    expect(runningPostmaster(join(root, 'nowhere'))).toBeNull();
  });
});
