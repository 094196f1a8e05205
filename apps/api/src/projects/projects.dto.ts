import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { BOOK_STYLES, CHAPTER_COUNTS, COLOR_SCHEMES, COVER_TEMPLATES, DEFAULT_COVER_CHOICE, DEFAULT_COVER_PAGE_COUNT, DEFAULT_COVER_TEMPLATE, DESIGN_STYLES, type ColorScheme, type CoverChoice, type CoverTemplate, type DesignStyle } from '../../../../libs/domain/index.ts';

const oneOf = (list: readonly string[], field: string) => ({ message: `${field} must be one of: ${list.join(', ')}` });

/** How a cover is made: template (spine), design style and colour scheme. */
export class CoverDto {
  @ApiPropertyOptional({ default: 'mock', description: 'anthropic, hal9 (OpenAI GPT-4) or mock' }) @IsOptional() @IsString() ai_model?: string;
  @ApiPropertyOptional({ enum: COVER_TEMPLATES, default: DEFAULT_COVER_TEMPLATE }) @IsOptional() @IsIn(COVER_TEMPLATES, oneOf(COVER_TEMPLATES, 'template')) template?: CoverTemplate;
  @ApiPropertyOptional({ enum: DESIGN_STYLES, default: DEFAULT_COVER_CHOICE.designStyle }) @IsOptional() @IsIn(DESIGN_STYLES, oneOf(DESIGN_STYLES, 'design_style')) design_style?: DesignStyle;
  @ApiPropertyOptional({ enum: COLOR_SCHEMES, default: DEFAULT_COVER_CHOICE.colorScheme }) @IsOptional() @IsIn(COLOR_SCHEMES, oneOf(COLOR_SCHEMES, 'color_scheme')) color_scheme?: ColorScheme;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() include_spine_title?: boolean;
}

/** POST /api/intelligent/cover and /png: a cover for fields alone. */
export class IntelligentCoverDto extends CoverDto {
  @ApiProperty() @IsOptional() @IsString() @MaxLength(200) title?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(200) author?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(20_000) book_idea?: string;
  @ApiPropertyOptional({ default: DEFAULT_COVER_PAGE_COUNT, minimum: 1, maximum: 2000 })
  @IsOptional()
  @IsInt({ message: 'num_pages must be a whole number' })
  @Min(1, { message: 'num_pages must be at least 1' })
  @Max(2000, { message: 'num_pages must be at most 2000' })
  num_pages?: number;
}

/** POST /api/projects/{id}/build: a list of formats, or the older single format. */
export class BuildDto {
  @ApiPropertyOptional({ description: 'pdf, epub, docx, zip, cover; default all but the cover' }) @IsOptional() @IsArray() formats?: string[];
  @ApiPropertyOptional({ description: 'The older single format' }) @IsOptional() @IsString() format?: string;
  @ApiPropertyOptional({ description: 'Ignored: the engine is Typst' }) @IsOptional() @IsString() engine?: string;
}

/** POST /api/projects and /api/projects/generate-complete. Field rules are checked by the service (briefProblems). */
export class CreateProjectDto extends CoverDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) name?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(200) title?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(200) author?: string;
  @ApiPropertyOptional({ description: 'The book idea (the one-shot page sends book_idea)' }) @IsOptional() @IsString() @MaxLength(20_000) topic?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20_000) book_idea?: string;
  @ApiPropertyOptional({ default: 'practical' }) @IsOptional() @IsString() @MaxLength(40) writing_style?: string;
  @ApiPropertyOptional({ minimum: 10_000, maximum: 80_000 }) @IsOptional() @IsInt({ message: 'total_target_words must be a whole number' }) total_target_words?: number;
  @ApiPropertyOptional({ default: 100 }) @IsOptional() @IsInt({ message: 'target_pages must be a whole number' }) target_pages?: number;
  @ApiPropertyOptional({ enum: CHAPTER_COUNTS, description: 'Chapters wanted (3, 5, 7, 10 or 12); the outline chooses when absent' })
  @IsOptional()
  @IsIn(CHAPTER_COUNTS, { message: `chapter_count must be one of ${CHAPTER_COUNTS.join(', ')}` })
  chapter_count?: number;
  @ApiPropertyOptional({ default: 'English' }) @IsOptional() @IsString() @MaxLength(40) language?: string;
  @ApiPropertyOptional({ description: 'null: every chapter; []: none; [n…]: those', nullable: true }) @IsOptional() @IsArray() chapters_to_generate?: number[] | null;
  @ApiPropertyOptional() @IsOptional() @IsString() content_depth?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() include_cover?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsArray() formats?: string[];
  @ApiPropertyOptional({ description: 'source_materials_id from /api/intelligent/process-sources' })
  @IsOptional()
  @IsUUID('all', { message: 'source_materials must be the id process-sources answered with' })
  source_materials?: string;
}

/** Bodies of the staged calls: the clients send ai_model and, for the outline, the brief again. */
export class StageDto {
  @ApiPropertyOptional() @IsOptional() @IsString() ai_model?: string;
  @ApiPropertyOptional({ enum: CHAPTER_COUNTS, description: 'generate-outline: plan this many chapters' })
  @IsOptional()
  @IsIn(CHAPTER_COUNTS, { message: `chapter_count must be one of ${CHAPTER_COUNTS.join(', ')}` })
  chapter_count?: number;
  @ApiPropertyOptional({ enum: BOOK_STYLES, description: 'generate-outline: the book style' })
  @IsOptional()
  @IsIn(BOOK_STYLES, { message: `book_style must be one of ${BOOK_STYLES.join(', ')}` })
  book_style?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) title?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) author?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20_000) book_idea?: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsArray() chapters_to_generate?: number[] | null;
  @ApiPropertyOptional() @IsOptional() @IsString() content_depth?: string;
}

/** The cover fields of a request, with the spec's defaults. */
export const coverChoiceOf = (dto: CoverDto): CoverChoice => ({
  template: dto.template ?? DEFAULT_COVER_CHOICE.template,
  designStyle: dto.design_style ?? DEFAULT_COVER_CHOICE.designStyle,
  colorScheme: dto.color_scheme ?? DEFAULT_COVER_CHOICE.colorScheme,
  includeSpineTitle: dto.include_spine_title ?? DEFAULT_COVER_CHOICE.includeSpineTitle,
});
