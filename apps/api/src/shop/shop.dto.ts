import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import type { ShopBooksQuery } from '../../../../libs/contracts/index.ts';
import { SHOP_CATEGORIES, SHOP_LIMITS, ShopMessages } from '../../../../libs/domain/index.ts';
import { Optional } from '../common/validation.ts';

/** GET /api/shop/books?category=&q=&page=; the category is checked by the service (422, like the shop settings). */
export class ShopBooksQueryDto implements ShopBooksQuery {
  @ApiPropertyOptional({ enum: SHOP_CATEGORIES }) @Optional() @IsString() @MaxLength(100) category?: string;

  @ApiPropertyOptional({ description: 'Matched anywhere in the title or the author', maxLength: SHOP_LIMITS.searchMax })
  @Optional()
  @IsString()
  @MaxLength(SHOP_LIMITS.searchMax, { message: ShopMessages.searchTooLong })
  q?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: SHOP_LIMITS.maxPage, default: 1 })
  @Optional()
  @Type(() => Number)
  @IsInt({ message: ShopMessages.invalidPage })
  @Min(1, { message: ShopMessages.invalidPage })
  @Max(SHOP_LIMITS.maxPage, { message: ShopMessages.invalidPage })
  page?: number;
}
