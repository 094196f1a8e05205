import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsObject, IsString, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import type { OutlineEditChapter, UpdateOutlineRequest } from '../../../../libs/contracts/index.ts';
import { MAX_CHAPTERS, OUTLINE_EDIT_LIMITS, OutlineMessages, TOC_LIMITS, WORDS_PER_PAGE } from '../../../../libs/domain/index.ts';
import { Optional } from '../common/validation.ts';
import { pagesFromText } from './projects.dto.ts';

const MAX_CHAPTER_PAGES = Math.floor(OUTLINE_EDIT_LIMITS.chapterWordsMax / WORDS_PER_PAGE);
const chapterNumber = { message: `from and number must be chapter numbers, whole numbers from 1 to ${MAX_CHAPTERS}` };

/** Rules each shape's list of chapters shares: one chapter at least, never more than any provider writes. */
function ChapterList(type: () => new () => object): PropertyDecorator {
  const rules = [
    IsArray({ message: OutlineMessages.shapeRequired }),
    ArrayMinSize(1, { message: OutlineMessages.chaptersRequired }),
    ArrayMaxSize(MAX_CHAPTERS, { message: OutlineMessages.tooManyChapters('A book', MAX_CHAPTERS) }),
    // Before ValidateNested, which passes a nested array ([[]]) through to the service unchecked.
    IsObject({ each: true, message: OutlineMessages.chapterShape }),
    ValidateNested({ each: true, message: OutlineMessages.chapterShape }),
    Type(type),
  ];
  return (target, key) => rules.forEach((rule) => rule(target, key));
}

const KeyPoints = (): PropertyDecorator => {
  const rules = [
    Optional(),
    IsArray({ message: OutlineMessages.tooManyKeyPoints }),
    ArrayMaxSize(TOC_LIMITS.ideasMax, { message: OutlineMessages.tooManyKeyPoints }),
    IsString({ each: true }),
    MaxLength(TOC_LIMITS.ideaMax, { each: true, message: OutlineMessages.keyPointTooLong }),
  ];
  return (target, key) => rules.forEach((rule) => rule(target, key));
};

const Title = (): PropertyDecorator => {
  const rules = [IsString({ message: OutlineMessages.titleRequired }), MaxLength(TOC_LIMITS.titleMax, { message: OutlineMessages.titleTooLong })];
  return (target, key) => rules.forEach((rule) => rule(target, key));
};

/** One chapter in the outline's own shape. */
export class OutlineChapterDto implements OutlineEditChapter {
  @ApiProperty({ maxLength: TOC_LIMITS.titleMax }) @Title() title!: string;
  @ApiPropertyOptional({ maxLength: TOC_LIMITS.descriptionMax, default: '' })
  @Optional()
  @IsString()
  @MaxLength(TOC_LIMITS.descriptionMax, { message: OutlineMessages.descriptionTooLong })
  description = '';
  @ApiPropertyOptional({ type: [String], maxItems: TOC_LIMITS.ideasMax }) @KeyPoints() key_points: string[] = [];
  @ApiProperty({ minimum: OUTLINE_EDIT_LIMITS.chapterWordsMin, maximum: OUTLINE_EDIT_LIMITS.chapterWordsMax })
  @IsInt({ message: OutlineMessages.chapterWords })
  @Min(OUTLINE_EDIT_LIMITS.chapterWordsMin, { message: OutlineMessages.chapterWords })
  @Max(OUTLINE_EDIT_LIMITS.chapterWordsMax, { message: OutlineMessages.chapterWords })
  target_words!: number;
  @ApiPropertyOptional({ description: "The chapter's number before the edit; absent for a new chapter" })
  @Optional()
  @IsInt(chapterNumber)
  @Min(1, chapterNumber)
  @Max(MAX_CHAPTERS, chapterNumber)
  from?: number;
}

/** One chapter in the spec's shape (§7.3): `number` is its number before the edit; topics are its key points. */
export class SpecOutlineChapterDto {
  @ApiPropertyOptional() @Optional() @IsInt(chapterNumber) @Min(1, chapterNumber) @Max(MAX_CHAPTERS, chapterNumber) number?: number;
  @ApiProperty() @Title() title!: string;
  @ApiPropertyOptional({ type: [String] }) @KeyPoints() topics?: string[];
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_CHAPTER_PAGES, description: `Counts as words at ${WORDS_PER_PAGE} a page` })
  @Optional()
  @Transform(pagesFromText)
  @IsInt({ message: OutlineMessages.chapterPages })
  @Min(1, { message: OutlineMessages.chapterPages })
  @Max(MAX_CHAPTER_PAGES, { message: OutlineMessages.chapterPages })
  estimated_pages?: number;
}

export class SpecOutlineDto {
  @ApiProperty({ type: [SpecOutlineChapterDto] }) @ChapterList(() => SpecOutlineChapterDto) chapters!: SpecOutlineChapterDto[];
  @ApiPropertyOptional({ description: 'Informational: the chapters’ pages decide' }) @Optional() @IsInt({ message: 'total_pages must be a whole number' }) @Min(1, { message: 'total_pages must be a whole number' }) total_pages?: number;
  @ApiPropertyOptional({ description: 'Informational' }) @Optional() @IsString() @MaxLength(TOC_LIMITS.descriptionMax, { message: OutlineMessages.descriptionTooLong }) summary?: string;
}

/** PUT /api/projects/{id}/outline: {chapters} (the outline's own shape) or {outline: {chapters, total_pages, summary}} (the spec's). */
export class UpdateOutlineDto implements UpdateOutlineRequest {
  @ApiPropertyOptional({ type: [OutlineChapterDto] })
  @ValidateIf((body: UpdateOutlineDto) => body.outline === undefined)
  @ChapterList(() => OutlineChapterDto)
  chapters?: OutlineChapterDto[];
  @ApiPropertyOptional({ type: SpecOutlineDto })
  @Optional()
  @IsObject({ message: OutlineMessages.shapeRequired })
  @ValidateNested()
  @Type(() => SpecOutlineDto)
  outline?: SpecOutlineDto;
}
