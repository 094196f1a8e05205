import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { SalesReport } from '../../../../libs/contracts/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser } from '../common/auth.decorators.ts';
import { contentDisposition } from '../common/content-disposition.ts';
import { salesCsv, salesReport } from './sale.view.ts';
import { SalesQueryDto } from './sales.dto.ts';
import { SalesService } from './sales.service.ts';

/** The author's Sales tab: each paid sale of their books with its fee, print cost and earnings, by month, and as CSV. */
@ApiTags('sales')
@ApiBearerAuth()
@Controller()
export class SalesController {
  constructor(private readonly sales: SalesService) {}

  @Get('sales')
  @ApiOperation({ summary: "The caller's paid sales (newest first; one book's or one edition's with ?book= and ?edition=), totals by month (UTC) and in all; the buyer is never named" })
  async report(@Query() query: SalesQueryDto, @CurrentUser() user: AuthUser): Promise<SalesReport> {
    return salesReport(await this.sales.paidSalesOf(user.id, query));
  }

  @Get('sales.csv')
  @ApiProduces('text/csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', contentDisposition('pressroom-sales.csv'))
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: "The caller's paid sales as CSV: a header row, one row per sale" })
  async csv(@Query() query: SalesQueryDto, @CurrentUser() user: AuthUser): Promise<string> {
    return salesCsv(await this.sales.paidSalesOf(user.id, query));
  }
}
