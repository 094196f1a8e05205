import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import type { BookSettingsRequest, BuildRequest, CoverRequest, CreateProjectRequest, StageRequest } from '../../../../libs/contracts/index.ts';
import {
  BOOK_LANGUAGES,
  BOOK_STYLES,
  CHAPTER_COUNTS,
  COLOR_SCHEMES,
  CONTENT_DEPTHS,
  COVER_TEMPLATES,
  DEFAULT_COVER_CHOICE,
  DEFAULT_COVER_PAGE_COUNT,
  DEFAULT_COVER_TEMPLATE,
  DEFAULT_LANGUAGE_TAG,
  DEFAULT_PAPER,
  DEFAULT_TRIM_SIZE,
  DESIGN_STYLES,
  findBookLanguage,
  GENERATION_MODES,
  GenerationMessages,
  LanguageMessages,
  MAX_CHAPTER_PAGES,
  MAX_CHAPTERS,
  PACKAGE_FORMATS,
  PAPER_TYPES,
  TOC_LIMITS,
  TRIM_SIZES,
  type ChapterSettings,
  type ColorScheme,
  type ContentDepth,
  type CoverChoice,
  type CoverTemplate,
  type DesignStyle,
  type GenerationMode,
  type PaperType,
  type TrimSizeId,
} from '../../../../libs/domain/index.ts';
import { Optional } from '../common/validation.ts';

const oneOf = (list: readonly (string | number)[], field: string) => ({ message: `${field} must be one of: ${list.join(', ')}` });
export const AI_MODEL_MAX = 60;

/** null: every chapter; []: none; [n…]: those, each once. */
function ChapterList(): PropertyDecorator {
  const rules = [
    IsOptional(),
    IsArray({ message: GenerationMessages.chapterList }),
    ArrayMaxSize(MAX_CHAPTERS, { message: GenerationMessages.chapterList }),
    ArrayUnique({ message: GenerationMessages.chapterList }),
    IsInt({ each: true, message: GenerationMessages.chapterList }),
    Min(1, { each: true, message: GenerationMessages.chapterList }),
    Max(MAX_CHAPTERS, { each: true, message: GenerationMessages.chapterList }),
  ];
  return (target, key) => rules.forEach((rule) => rule(target, key));
}

/** generation_mode, optional, one of the spec's modes. */
function GenerationModeField(description: string): PropertyDecorator {
  const rules = [ApiPropertyOptional({ enum: GENERATION_MODES, description }), Optional(), IsIn(GENERATION_MODES, oneOf(GENERATION_MODES, 'generation_mode'))];
  return (target, key) => rules.forEach((rule) => rule(target, key));
}

/** content_depth, optional, one of the spec's depths. */
function ContentDepthField(description: string): PropertyDecorator {
  const rules = [ApiPropertyOptional({ enum: CONTENT_DEPTHS, description }), Optional(), IsIn(CONTENT_DEPTHS, oneOf(CONTENT_DEPTHS, 'content_depth'))];
  return (target, key) => rules.forEach((rule) => rule(target, key));
}

/**
 * language, optional: a BCP 47 tag or its English name, turned here, at the boundary, into the tag of the listed
 * language it names (ja, Japanese → ja; zh-TW → zh-Hant); anything else is refused.
 */
function LanguageField(): PropertyDecorator {
  const rules = [
    ApiPropertyOptional({ default: DEFAULT_LANGUAGE_TAG, description: 'A BCP 47 tag (en, ja, ar, zh-Hant, pt-BR…) or its English name (Japanese); the book is stored with the listed language\'s tag' }),
    Optional(),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? (findBookLanguage(value)?.tag ?? value) : value)),
    IsIn(BOOK_LANGUAGES.map((l) => l.tag), { message: LanguageMessages.unknown }),
  ];
  return (target, key) => rules.forEach((rule) => rule(target, key));
}

/** How a cover is made: template (spine), design style and colour scheme. */
export class CoverDto implements CoverRequest {
  @ApiPropertyOptional({ default: 'mock', description: 'anthropic, hal9 (OpenAI GPT-4) or mock' }) @Optional() @IsString() @MaxLength(AI_MODEL_MAX) ai_model?: string;
  @ApiPropertyOptional({ description: 'Another name for ai_model (as is the X-AI-Provider header); all that are given must agree' }) @Optional() @IsString() @MaxLength(AI_MODEL_MAX) provider?: string;
  @ApiPropertyOptional({ enum: COVER_TEMPLATES, default: DEFAULT_COVER_TEMPLATE }) @Optional() @IsIn(COVER_TEMPLATES, oneOf(COVER_TEMPLATES, 'template')) template?: CoverTemplate;
  @ApiPropertyOptional({ enum: DESIGN_STYLES, default: DEFAULT_COVER_CHOICE.designStyle }) @Optional() @IsIn(DESIGN_STYLES, oneOf(DESIGN_STYLES, 'design_style')) design_style?: DesignStyle;
  @ApiPropertyOptional({ enum: COLOR_SCHEMES, default: DEFAULT_COVER_CHOICE.colorScheme }) @Optional() @IsIn(COLOR_SCHEMES, oneOf(COLOR_SCHEMES, 'color_scheme')) color_scheme?: ColorScheme;
  @ApiPropertyOptional({ default: true }) @Optional() @IsBoolean() include_spine_title?: boolean;
}

/** POST /api/intelligent/cover and /png: a cover for fields alone. */
export class IntelligentCoverDto extends CoverDto {
  @ApiProperty() @Optional() @IsString() @MaxLength(200) title?: string;
  @ApiProperty() @Optional() @IsString() @MaxLength(200) author?: string;
  @ApiProperty() @Optional() @IsString() @MaxLength(20_000) book_idea?: string;
  @ApiPropertyOptional({ default: DEFAULT_COVER_PAGE_COUNT, minimum: 1, maximum: 2000 })
  @Optional()
  @IsInt({ message: 'num_pages must be a whole number' })
  @Min(1, { message: 'num_pages must be at least 1' })
  @Max(2000, { message: 'num_pages must be at most 2000' })
  num_pages?: number;
  @LanguageField() language?: string;
}

/** PATCH /api/projects/{id}/settings: the book's settings from the editor. */
export class BookSettingsDto implements BookSettingsRequest {
  @LanguageField() language?: string;
  @ApiPropertyOptional({ enum: TRIM_SIZES, default: DEFAULT_TRIM_SIZE, description: 'The page size the book is printed at (width x height, inches)' })
  @Optional()
  @IsIn(TRIM_SIZES, oneOf(TRIM_SIZES, 'trim_size'))
  trim_size?: TrimSizeId;
  @ApiPropertyOptional({ enum: PAPER_TYPES, default: DEFAULT_PAPER, description: 'The paper a black-and-white book is printed on: cream paper is thicker, so the spine is wider' })
  @Optional()
  @IsIn(PAPER_TYPES, oneOf(PAPER_TYPES, 'paper'))
  paper?: PaperType;
}

/** POST /api/projects/{id}/build: a list of formats, or the older single format. */
export class BuildDto implements BuildRequest {
  @ApiPropertyOptional({ description: 'pdf, epub, docx, zip, cover; default all but the cover' })
  @Optional()
  @IsArray()
  @ArrayMaxSize(PACKAGE_FORMATS.length * 2)
  @IsString({ each: true })
  formats?: string[];
  @ApiPropertyOptional({ description: 'The older single format' }) @Optional() @IsString() @MaxLength(20) format?: string;
  @ApiPropertyOptional({ description: 'Ignored: the engine is Typst' }) @Optional() @IsString() @MaxLength(40) engine?: string;
}

/** The brief every way of starting a book shares. Field rules beyond types and lengths are checked by the service (briefProblems). */
class BriefDto extends CoverDto {
  @ApiProperty() @Optional() @IsString() @MaxLength(200) title?: string;
  @ApiProperty() @Optional() @IsString() @MaxLength(200) author?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(20_000) book_idea?: string;
  @ApiPropertyOptional({ minimum: 10_000, maximum: 80_000 }) @Optional() @IsInt({ message: 'total_target_words must be a whole number' }) total_target_words?: number;
  @LanguageField() language?: string;
}

/** POST /api/projects and /api/projects/generate-complete. */
export class CreateProjectDto extends BriefDto implements CreateProjectRequest {
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) name?: string;
  @ApiPropertyOptional({ description: 'Which page started the book (one-shot, wizard, workflow, …); shown in My Books' }) @Optional() @IsString() @MaxLength(40) source?: string;
  @ApiPropertyOptional({ description: 'The book idea (the one-shot page sends book_idea)' }) @Optional() @IsString() @MaxLength(20_000) topic?: string;
  @ApiPropertyOptional({ default: 'practical' }) @Optional() @IsString() @MaxLength(40) writing_style?: string;
  @ApiPropertyOptional({ default: 100, minimum: 1, maximum: 2000 })
  @Optional()
  @IsInt({ message: 'target_pages must be a whole number' })
  @Min(1, { message: 'target_pages must be at least 1' })
  @Max(2000, { message: 'target_pages must be at most 2000' })
  target_pages?: number;
  @ApiPropertyOptional({ enum: CHAPTER_COUNTS, description: 'Chapters wanted (3, 5, 7, 10 or 12); the outline chooses when absent' })
  @Optional()
  @IsIn(CHAPTER_COUNTS, { message: `chapter_count must be one of ${CHAPTER_COUNTS.join(', ')}` })
  chapter_count?: number;
  @ApiPropertyOptional({ description: 'null: every chapter; []: none; [n…]: those', nullable: true, type: [Number] }) @ChapterList() chapters_to_generate?: number[] | null;
  @GenerationModeField('sequential: one chapter after another, each reading the text before it; parallel (default): all at once; selective: only chapters_to_generate')
  generation_mode?: GenerationMode;
  @ContentDepthField('outline: key points and short paragraphs; draft: about half the word budget; polished (default): the whole budget, revised')
  content_depth?: ContentDepth;
  @ApiPropertyOptional() @Optional() @IsBoolean() include_cover?: boolean;
  @ApiPropertyOptional() @Optional() @IsArray() @ArrayMaxSize(PACKAGE_FORMATS.length * 2) @IsString({ each: true }) formats?: string[];
  @ApiPropertyOptional({ description: 'source_materials_id from /api/intelligent/process-sources' })
  @Optional()
  @IsUUID('all', { message: 'source_materials must be the id process-sources answered with' })
  source_materials?: string;
}

/** Bodies of the staged calls: the clients send ai_model and, for the outline, the brief again. */
export class StageDto implements StageRequest {
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(AI_MODEL_MAX) ai_model?: string;
  @ApiPropertyOptional({ description: 'Another name for ai_model (as is the X-AI-Provider header); all that are given must agree' }) @Optional() @IsString() @MaxLength(AI_MODEL_MAX) provider?: string;
  @ApiPropertyOptional({ enum: CHAPTER_COUNTS, description: 'generate-outline: plan this many chapters' })
  @Optional()
  @IsIn(CHAPTER_COUNTS, { message: `chapter_count must be one of ${CHAPTER_COUNTS.join(', ')}` })
  chapter_count?: number;
  @ApiPropertyOptional({ enum: BOOK_STYLES, description: 'generate-outline: the book style' })
  @Optional()
  @IsIn(BOOK_STYLES, { message: `book_style must be one of ${BOOK_STYLES.join(', ')}` })
  book_style?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) title?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) author?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(20_000) book_idea?: string;
  @ApiPropertyOptional({ nullable: true, type: [Number] }) @ChapterList() chapters_to_generate?: number[] | null;
  @GenerationModeField('generate-chapters: sequential, parallel or selective (absent: the book\'s own)')
  generation_mode?: GenerationMode;
  @ContentDepthField('generate-chapters: outline, draft or polished (absent: the book\'s own)')
  content_depth?: ContentDepth;
}

/** POST /api/intelligent/toc. */
export class TocDto extends BriefDto {}

/** Older clients send estimated_pages as text: "12", or a range "8-10", which counts as its first number. */
export const pagesFromText = ({ value }: { value: unknown }) => {
  const match = typeof value === 'string' ? /^\s*(\d{1,6})(?:\s*[-–]\s*\d{1,6})?\s*$/.exec(value) : null;
  return match ? Number(match[1]) : value;
};

/** One entry of a table of contents a client brings. */
export class TocEntryDto {
  @ApiProperty() @IsString() @MaxLength(TOC_LIMITS.titleMax) chapter_title!: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(TOC_LIMITS.descriptionMax) chapter_description?: string;
  @ApiProperty({ type: [String] })
  @IsArray()
  @ArrayMaxSize(TOC_LIMITS.ideasMax)
  @IsString({ each: true })
  @MaxLength(TOC_LIMITS.ideaMax, { each: true })
  chapter_ideas!: string[];
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_CHAPTER_PAGES })
  @Optional()
  @Transform(pagesFromText)
  @IsInt({ message: GenerationMessages.chapterBudget(MAX_CHAPTER_PAGES) })
  @Min(1, { message: GenerationMessages.chapterBudget(MAX_CHAPTER_PAGES) })
  @Max(MAX_CHAPTER_PAGES, { message: GenerationMessages.chapterBudget(MAX_CHAPTER_PAGES) })
  estimated_pages?: number;
}

/** POST /api/intelligent/chapter: a chapter of the project /toc made, or of a table of contents the client brings. */
export class ChapterRequestDto extends BriefDto {
  @ApiPropertyOptional({ description: 'The project /toc answered with' }) @Optional() @IsUUID('all', { message: 'project_id must be the id /toc answered with' }) project_id?: string;
  @ApiProperty({ minimum: 1, maximum: MAX_CHAPTERS })
  @IsInt({ message: 'chapter_number must be a whole number' })
  @Min(1, { message: 'chapter_number must be at least 1' })
  @Max(MAX_CHAPTERS, { message: `chapter_number must be at most ${MAX_CHAPTERS}` })
  chapter_number!: number;
  @ApiPropertyOptional({ type: [TocEntryDto] })
  @Optional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_CHAPTERS)
  @ValidateNested({ each: true })
  @Type(() => TocEntryDto)
  toc?: TocEntryDto[];
  @GenerationModeField('sequential: the chapter reads the text of the chapters before it; parallel or selective: their gist (absent: the book\'s own)')
  generation_mode?: GenerationMode;
  @ContentDepthField('outline, draft or polished (absent: the book\'s own; polished for a new one)')
  content_depth?: ContentDepth;
}

/** generation_mode and content_depth of a request, when it brings either (none: the book's own settings). */
export function chapterSettingsOf(dto: { generation_mode?: GenerationMode; content_depth?: ContentDepth }): ChapterSettings | undefined {
  if (dto.generation_mode === undefined && dto.content_depth === undefined) return undefined;
  return { ...(dto.generation_mode ? { mode: dto.generation_mode } : {}), ...(dto.content_depth ? { depth: dto.content_depth } : {}) };
}

/** The cover fields of a request, with the spec's defaults. */
/** The cover fields the request gives, over the book's design: what it leaves out stays as the author chose it. */
export const coverChangesOf = (dto: CoverDto): Partial<CoverChoice> => ({
  ...(dto.template !== undefined ? { template: dto.template } : {}),
  ...(dto.design_style !== undefined ? { designStyle: dto.design_style } : {}),
  ...(dto.color_scheme !== undefined ? { colorScheme: dto.color_scheme } : {}),
  ...(dto.include_spine_title !== undefined ? { includeSpineTitle: dto.include_spine_title } : {}),
});

export const coverChoiceOf = (dto: CoverDto): CoverChoice => ({
  template: dto.template ?? DEFAULT_COVER_CHOICE.template,
  designStyle: dto.design_style ?? DEFAULT_COVER_CHOICE.designStyle,
  colorScheme: dto.color_scheme ?? DEFAULT_COVER_CHOICE.colorScheme,
  includeSpineTitle: dto.include_spine_title ?? DEFAULT_COVER_CHOICE.includeSpineTitle,
});
