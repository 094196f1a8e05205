import { randomBytes, randomUUID } from 'node:crypto';
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

describe('the language tags migration', () => {
  const before = 'Migration20261123030000_source_titles';
  const languages = async () => new Map((await sql<{ name: string; language: string }>(fresh, 'select name, language from generator_projects')).map((r) => [r.name, r.language]));
  const languageDefault = async () =>
    (await sql<{ column_default: string }>(fresh, "select column_default from information_schema.columns where table_name = 'generator_projects' and column_name = 'language'"))[0]?.column_default;

  it("turns the names books were stored under into their tags (any other value into English's), and back", async () => {
    const orm = await openOrm(fresh.href);
    try {
      await orm.migrator.down({ to: before });
      // Each book is named after the language it was stored with.
      for (const language of ['English', 'French', 'German', 'Spanish', 'Italian', 'Portuguese', 'Dutch', 'Japanese', 'arabic', 'Chinese (Traditional)', 'Klingon', '']) {
        await sql(
          fresh,
          "insert into generator_projects (id, name, title, author, topic, writing_style, total_target_words, language, provider, mode, created_at, updated_at) values ($1, $2, 'A Book', 'Ada Writer', 'An idea', 'practical', 10000, $2, 'mock', 'step', now(), now())",
          [randomUUID(), language],
        );
      }
      await orm.migrator.up({ to: 'Migration20261128000000_language_tags' });
      expect(Object.fromEntries(await languages())).toEqual({
        English: 'en', French: 'fr', German: 'de', Spanish: 'es', Italian: 'it', Portuguese: 'pt', Dutch: 'nl',
        Japanese: 'ja', arabic: 'ar', 'Chinese (Traditional)': 'zh-Hant', Klingon: 'en', '': 'en',
      });
      expect(await languageDefault()).toBe("'en'::character varying");

      await orm.migrator.down({ to: before });
      expect((await languages()).get('Japanese')).toBe('Japanese');
      expect((await languages()).get('Chinese (Traditional)')).toBe('Chinese (Traditional)');
      expect((await languages()).get('Klingon')).toBe('English');
      expect(await languageDefault()).toBe("'English'::character varying");
    } finally {
      await migrateUp(orm);
      await orm.close();
    }
  });
});
