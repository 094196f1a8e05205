import type { EntityManager } from '@mikro-orm/core';
import { BuildMessages } from '../domain/index.ts';

/**
 * Counts a new packaging run of the project and returns its number (the n of `package-<id>-<n>`): the one writer
 * of `package_runs`, for the API's builds and the book workflow's own. The project reads 'building' at once, so a
 * poll never sees the last run's result.
 */
export async function nextPackageRun(em: EntityManager, projectId: string): Promise<number> {
  const rows = await em.getConnection().execute<{ package_runs: number }[]>(
    `update generator_projects set package_runs = package_runs + 1, build_status = 'building', build_message = ?, build_error = null where id = ? returning package_runs`,
    [BuildMessages.building, projectId],
  );
  return rows[0]?.package_runs ?? 1;
}
