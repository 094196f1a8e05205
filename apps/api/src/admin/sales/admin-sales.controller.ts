import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthorEarningsView, SaleAdminView } from '../../../../../libs/contracts/index.ts';
import { Roles } from '../../common/auth.decorators.ts';
import { UuidParam } from '../../common/uuid.pipe.ts';
import { parseListQuery, setContentRange } from '../simple-rest.ts';
import { AdminSalesService, EARNINGS_SORTABLE, SALE_SORTABLE } from './admin-sales.service.ts';

type ListParams = { sort?: string; range?: string; filter?: string };

/** Shop sales for the back office (react-admin simple-rest), read-only; filters status, edition, author_id, book_id and q. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/sales')
@Roles('elite_team', 'admin')
export class AdminSalesController {
  constructor(private readonly sales: AdminSalesService) {}

  @Get()
  @ApiOperation({ summary: 'Every sale, newest first: seller, buyer, edition, price, fee, print cost, earnings' })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) res: Response): Promise<SaleAdminView[]> {
    const parsed = parseListQuery(query, Object.keys(SALE_SORTABLE), { field: 'created_at', order: 'DESC' });
    const { views, total } = await this.sales.list(parsed);
    setContentRange(res, 'sales', parsed.offset, views.length, total);
    res.setHeader('X-Total-Count', String(total));
    res.setHeader('Access-Control-Expose-Headers', 'Content-Range, X-Total-Count');
    return views;
  }

  @Get('earnings')
  @ApiOperation({ summary: "Each author's paid sales: count, gross, card fees, print costs and earnings; filter q finds authors by e-mail" })
  async earnings(@Query() query: ListParams, @Res({ passthrough: true }) res: Response): Promise<AuthorEarningsView[]> {
    const parsed = parseListQuery(query, EARNINGS_SORTABLE, { field: 'earnings', order: 'DESC' });
    const { views, total } = await this.sales.earnings(parsed);
    setContentRange(res, 'earnings', parsed.offset, views.length, total);
    res.setHeader('X-Total-Count', String(total));
    res.setHeader('Access-Control-Expose-Headers', 'Content-Range, X-Total-Count');
    return views;
  }

  @Get(':id')
  async show(@UuidParam() id: string): Promise<SaleAdminView> {
    return this.sales.show(id);
  }
}
