import type { MikroORM } from '@mikro-orm/core';
import type { StorageService } from '../libs/storage/index.ts';
import { createCanaryActivities } from './health/canary.ts';

export interface ActivityDeps {
  orm: MikroORM;
  storage: StorageService;
}

/** Every activity the worker registers, bound to its dependencies. Each area adds its factory here. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createCanaryActivities(deps),
  };
}
