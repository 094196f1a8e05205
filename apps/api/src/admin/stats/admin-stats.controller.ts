import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminStatsResponse } from '../../../../../libs/contracts/index.ts';
import { Roles } from '../../common/auth.decorators.ts';
import { AdminStatsService } from './admin-stats.service.ts';

/** The back office's dashboard: Elite requests, SLA, books and revenue at a glance. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/stats')
@Roles('elite_team', 'admin')
export class AdminStatsController {
  constructor(private readonly dashboard: AdminStatsService) {}

  @Get()
  @ApiOperation({ summary: 'Open requests by status, SLA breaches in the last 7 days, median hours to a first quote (90 days), books completed and failed per day (30 days), revenue per month (12 months)' })
  async stats(): Promise<AdminStatsResponse> {
    return this.dashboard.stats();
  }
}
