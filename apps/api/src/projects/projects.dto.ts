import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

/** POST /api/projects and /api/projects/generate-complete. Field rules are checked by the service (briefProblems). */
export class CreateProjectDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) name?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(200) title?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(200) author?: string;
  @ApiPropertyOptional({ description: 'The book idea (the one-shot page sends book_idea)' }) @IsOptional() @IsString() @MaxLength(20_000) topic?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20_000) book_idea?: string;
  @ApiPropertyOptional({ default: 'practical' }) @IsOptional() @IsString() @MaxLength(40) writing_style?: string;
  @ApiPropertyOptional({ minimum: 10_000, maximum: 80_000 }) @IsOptional() @IsInt({ message: 'total_target_words must be a whole number' }) total_target_words?: number;
  @ApiPropertyOptional({ default: 100 }) @IsOptional() @IsInt({ message: 'target_pages must be a whole number' }) target_pages?: number;
  @ApiPropertyOptional({ default: 'mock', description: 'anthropic, hal9 (OpenAI GPT-4) or mock' }) @IsOptional() @IsString() ai_model?: string;
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
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) title?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) author?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20_000) book_idea?: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsArray() chapters_to_generate?: number[] | null;
  @ApiPropertyOptional() @IsOptional() @IsString() content_depth?: string;
}
