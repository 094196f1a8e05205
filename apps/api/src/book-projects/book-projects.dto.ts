import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNumber, IsOptional, IsString, MaxLength } from 'class-validator';
import type { SaveBookRequest, ShopSettingsRequest } from '../../../../libs/contracts/index.ts';
import { Optional } from '../common/validation.ts';

export class SaveBookDto implements SaveBookRequest {
  @ApiProperty({ description: 'The generated book (project_id from the generator)' }) @IsString() @MaxLength(64) project_id!: string;
  @ApiPropertyOptional({ description: 'Where it was made: one-shot, wizard, ...' }) @Optional() @IsString() @MaxLength(40) source?: string;
}

/** The Publish to Shop toggle and the edit form; the rules (price, category, ISBN) are checked by shopProblems. */
export class ShopSettingsDto implements ShopSettingsRequest {
  @ApiPropertyOptional() @Optional() @IsBoolean() published_to_shop?: boolean;
  @ApiPropertyOptional({ minimum: 0.01 }) @IsOptional() @IsNumber({}, { message: 'Price must be a number' }) shop_price?: number | null;
  @ApiPropertyOptional({ minimum: 0.01, nullable: true, description: "One printed copy's price; null sells no print edition; at least one copy's printing plus the card fee" })
  @IsOptional()
  @IsNumber({}, { message: 'Price must be a number' })
  shop_print_price?: number | null;
  @ApiPropertyOptional({ default: 'AI-Generated' }) @IsOptional() @IsString() @MaxLength(100) shop_category?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(5000) shop_description?: string | null;
  @ApiPropertyOptional({ description: 'ISBN-13 or ISBN-10; checked by its check digit' }) @IsOptional() @IsString() @MaxLength(32) isbn?: string | null;
}
