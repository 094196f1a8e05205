import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './connection-loss.ts';

const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('isDatabaseUnreachable', () => {
  it('knows a server that is not there, and one that went away, from one that refused the work', async () => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/x`, connectionTimeoutMillis: 1000 });
    const refused = await client.connect().then(() => null, (error: unknown) => error);
    expect(isDatabaseUnreachable(refused)).toBe(true);
    expect(isDatabaseUnreachable({ code: '57P01', message: 'terminating connection due to administrator command' })).toBe(true);
    expect(isDatabaseUnreachable(new Error('outer', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
    expect(isDatabaseUnreachable({ code: '23505', message: 'duplicate key value violates unique constraint' })).toBe(false);
    expect(isDatabaseUnreachable(new Error('relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
  });
});
