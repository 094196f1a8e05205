import { defineConfig, MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities/index.ts';
import { migrationsList } from './migrations/index.ts';

/** The one MikroORM configuration: API, worker and scripts differ only in the database URL. */
export function ormOptions(databaseUrl: string, debug = false) {
  return defineConfig({
    clientUrl: databaseUrl,
    // MikroORM reads only host, port, user, password and database from the URL; pg reads the rest (sslmode,
    // sslrootcert…), which a managed PostgreSQL's TLS needs.
    driverOptions: { connectionString: databaseUrl },
    entities,
    extensions: [Migrator],
    // Schema changes go through migrations only; the list is explicit so source and compiled code run the same set.
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    // Tables read and written in plain SQL, created by migrations and not mapped to an entity: rate_limits belongs to
    // rate-limiter-flexible; book_progress carries the trigger that announces its changes (libs/db/book-progress.ts).
    schemaGenerator: { skipTables: ['rate_limits', 'book_progress'] },
    discovery: { warnWhenNoEntities: true },
    pool: { min: 0, max: 10 },
    debug,
  });
}

export async function openOrm(databaseUrl: string): Promise<MikroORM> {
  return MikroORM.init(ormOptions(databaseUrl));
}

/** Applies pending migrations; returns the names applied. */
export async function migrateUp(orm: MikroORM): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}
