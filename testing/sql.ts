import pg from 'pg';

/** Runs one statement on the test database, for a test that must set up a state no endpoint can (e.g. a past time). */
export async function sql(databaseUrl: string, text: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}
