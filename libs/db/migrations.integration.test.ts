import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../testing/index.ts';
import { migrationsList } from './migrations/index.ts';
import { migrateUp, openOrm } from './orm.ts';

const config = testConfig();
const admin = new URL(config.DATABASE_URL);
admin.pathname = '/postgres';
const fresh = new URL(config.DATABASE_URL);
fresh.pathname = `/pressroom_migration_${randomBytes(4).toString('hex')}`;
const freshName = fresh.pathname.slice(1);

async function sql<T extends pg.QueryResultRow>(url: URL, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const tables = async () =>
  (await sql<{ table_name: string }>(fresh, "select table_name from information_schema.tables where table_schema = 'public' order by 1")).map((r) => r.table_name);

beforeAll(async () => {
  await sql(admin, `create database ${pg.escapeIdentifier(freshName)}`);
});
afterAll(async () => {
  await sql(admin, `drop database if exists ${pg.escapeIdentifier(freshName)} with (force)`);
});

describe('migrations on a fresh database', () => {
  it('apply every migration in order, then have nothing left to do', async () => {
    const orm = await openOrm(fresh.href);
    try {
      expect(await migrateUp(orm)).toEqual(migrationsList.map((m) => m.name));
      expect(await tables()).toContain('health_canaries');
      const columns = await sql<{ column_name: string; data_type: string }>(
        fresh,
        "select column_name, data_type from information_schema.columns where table_name = 'health_canaries' order by ordinal_position",
      );
      expect(columns).toEqual([
        { column_name: 'id', data_type: 'uuid' },
        { column_name: 'workflow_id', data_type: 'character varying' },
        { column_name: 'created_at', data_type: 'timestamp with time zone' },
      ]);
      expect(await migrateUp(orm)).toEqual([]);
    } finally {
      await orm.close();
    }
  });

  it('match the entity metadata (no pending schema difference)', async () => {
    const orm = await openOrm(fresh.href);
    try {
      const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
      expect(diff.trim()).toBe('');
    } finally {
      await orm.close();
    }
  });

  it('roll back cleanly', async () => {
    const orm = await openOrm(fresh.href);
    try {
      await orm.migrator.down({ to: 0 });
      expect(await tables()).not.toContain('health_canaries');
      expect(await migrateUp(orm)).toHaveLength(migrationsList.length);
    } finally {
      await orm.close();
    }
  });
});
