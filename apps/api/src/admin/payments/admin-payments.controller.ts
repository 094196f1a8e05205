import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { PaymentAdminView } from '../../../../../libs/contracts/index.ts';
import { Roles } from '../../common/auth.decorators.ts';
import { UuidParam } from '../../common/uuid.pipe.ts';
import { AdminPaymentsService, PAYMENT_SORTABLE } from './admin-payments.service.ts';
import { parseListQuery, setContentRange } from '../simple-rest.ts';

/** Payments for the back office (react-admin simple-rest), read-only: what was bought, by whom, and Stripe's ids to look it up there. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/payments')
@Roles('elite_team', 'admin')
export class AdminPaymentsController {
  constructor(private readonly payments: AdminPaymentsService) {}

  @Get()
  async list(@Query() query: { sort?: string; range?: string; filter?: string }, @Res({ passthrough: true }) res: Response): Promise<PaymentAdminView[]> {
    const parsed = parseListQuery(query, Object.keys(PAYMENT_SORTABLE), { field: 'created_at', order: 'DESC' });
    const { views, total } = await this.payments.list(parsed);
    setContentRange(res, 'payments', parsed.offset, views.length, total);
    return views;
  }

  @Get(':id')
  async show(@UuidParam() id: string): Promise<PaymentAdminView> {
    return this.payments.show(id);
  }
}
