import { describe, expect, it } from 'vitest';
import { testConfig } from '../../testing/index.ts';
import { openOrm } from './orm.ts';

// A managed PostgreSQL is reached over TLS by what DATABASE_URL says (sslmode, sslrootcert): the ORM must not drop it.
const config = testConfig();
const withParam = (param: string) => `${config.DATABASE_URL}${config.DATABASE_URL.includes('?') ? '&' : '?'}${param}`;

describe('DATABASE_URL', () => {
  it('asks for TLS when it says sslmode=verify-full (the test server has none, so it refuses)', async () => {
    const orm = await openOrm(withParam('sslmode=verify-full'));
    try {
      await expect(orm.em.fork().getConnection().execute('select 1')).rejects.toThrow(/does not support SSL/);
    } finally {
      await orm.close();
    }
  });

  it('connects without TLS when it says sslmode=disable', async () => {
    const orm = await openOrm(withParam('sslmode=disable'));
    try {
      expect(await orm.em.fork().getConnection().execute('select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await orm.close();
    }
  });
});
