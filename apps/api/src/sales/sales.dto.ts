import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';
import type { SalesQuery } from '../../../../libs/contracts/index.ts';
import { EDITION_KINDS, SaleMessages, type EditionKindValue } from '../../../../libs/domain/index.ts';
import { Optional } from '../common/validation.ts';

/** GET /api/sales and /api/sales.csv: the report and its totals follow the filter. */
export class SalesQueryDto implements SalesQuery {
  @ApiPropertyOptional({ description: "One of the caller's books" })
  @Optional()
  @IsUUID('all', { message: SaleMessages.invalidBook })
  book?: string;

  @ApiPropertyOptional({ enum: EDITION_KINDS })
  @Optional()
  @IsIn(EDITION_KINDS, { message: SaleMessages.invalidEdition })
  edition?: EditionKindValue;
}
