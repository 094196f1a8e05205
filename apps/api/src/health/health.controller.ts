import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public, Roles } from '../common/auth.decorators.ts';
import { HealthService, type DeepHealthReport, type HealthReport } from './health.service.ts';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'PostgreSQL, Temporal (and whether a worker polls) and MinIO, each with its latency' })
  @ApiResponse({ status: 200, description: 'Every service is up (status "degraded" when no worker is polling)' })
  @ApiResponse({ status: 503, description: 'At least one service is down' })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const report = await this.health.check();
    res.status(report.status === 'down' ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.OK);
    return report;
  }

  @Get('deep')
  @Roles('admin')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admins only: runs a canary workflow that writes a row and an object, then reads both back' })
  @ApiResponse({ status: 200, description: 'Every step succeeded; each step has its time' })
  @ApiResponse({ status: 503, description: 'A step failed; the failing step says why' })
  async deep(@Res({ passthrough: true }) res: Response): Promise<DeepHealthReport> {
    const report = await this.health.deep();
    res.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
