import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AdminStatsResponse } from '../../../../../libs/contracts/index.ts';
import { adminStats } from './admin-stats.ts';

/** The back office's dashboard figures, as of the moment they are asked for. */
@Injectable()
export class AdminStatsService {
  constructor(private readonly em: EntityManager) {}

  stats(): Promise<AdminStatsResponse> {
    return adminStats(this.em.fork(), new Date());
  }
}
