import { BadRequestException, Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Query, Res, UnprocessableEntityException } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type {
  BuildStatus,
  CancelAnswer,
  ChaptersAnswer,
  BookProgress,
  CoverAnswer,
  CreatedProject,
  FinalizeAnswer,
  GenerationStarted,
  IntroductionAnswer,
  OrchestrationStatus,
  OutlineAnswer,
  Previews,
  ProjectView,
  ProviderOption,
  RegeneratedChapter,
  SummaryAnswer,
  WritingAnswer,
} from '../../../../libs/contracts/index.ts';
import { briefProblems, BuildMessages, GenerationMessages, parseFormats, titledFileName } from '../../../../libs/domain/index.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import {
  finalizeUpdate,
  generateChaptersUpdate,
  generateIntroductionUpdate,
  generateOutlineUpdate,
  generateSummaryUpdate,
  regenerateChapterUpdate,
} from '../../../../workflows/book/messages.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../common/auth.decorators.ts';
import { BookHtmlService, sendBookHtml, withoutHtml } from '../common/book-html.ts';
import { previewsOf, sendPreview } from '../common/previews.ts';
import { sendProjectFile } from '../common/project-files.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { UuidOrNotFound } from '../common/uuid.pipe.ts';
import { BookWorkflowService } from './book-workflow.service.ts';
import { streamStatus } from './status-stream.ts';
import { streamChapters } from './chapter-stream.ts';
import { PackagingService } from './packaging.service.ts';
import { buildStatusOf, orchestrationStatusOf } from './project-status.ts';
import { BookSettingsDto, BuildDto, chapterSettingsOf, coverChangesOf, CoverDto, CreateProjectDto, StageDto } from './projects.dto.ts';
import { NOT_FOUND, PROVIDER_HEADER, ProjectsService } from './projects.service.ts';
import { chapterView, coverAnswerOf, projectView, tocView } from './projects.view.ts';


/** The staged orchestration API of the spec (document 2, section 7.1). Anonymous use is allowed. */
@ApiTags('projects')
@OptionalAuth()
@Controller('projects')
export class ProjectsController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly book: BookWorkflowService,
    private readonly storage: StorageService,
    private readonly packaging: PackagingService,
    private readonly bookHtml: BookHtmlService,
  ) {}

  @Get('providers')
  @ApiOperation({ summary: 'The AI providers, their limits and whether the caller can use them here (paid ones need a signed-in author)' })
  providers(@CurrentUser() user?: AuthUser): ProviderOption[] {
    return this.projects.catalogue(user);
  }

  @Post()
  @RateLimited('generation')
  @ApiOperation({ summary: 'Create a project to generate stage by stage' })
  @ApiHeader(PROVIDER_HEADER)
  async create(@Body() dto: CreateProjectDto, @Headers('x-ai-provider') provider: string | undefined, @CurrentUser() user?: AuthUser): Promise<CreatedProject> {
    const project = await this.projects.create({ ...dto, ai_model: this.projects.providerNamed(provider, dto, user) }, user, 'step');
    return { project_id: project.id, name: project.name };
  }

  @Post('generate-complete')
  @RateLimited('generation')
  @ApiOperation({ summary: 'Generate a whole book in one go; poll check_status_url for progress' })
  @ApiHeader(PROVIDER_HEADER)
  async generateComplete(@Body() dto: CreateProjectDto, @Headers('x-ai-provider') provider: string | undefined, @CurrentUser() user?: AuthUser): Promise<GenerationStarted> {
    const project = await this.projects.create({ ...dto, ai_model: this.projects.providerNamed(provider, dto, user) }, user, 'auto');
    return { orchestration_id: project.id, project_id: project.id, check_status_url: `/api/projects/orchestration/${project.id}/status` };
  }

  @Get('orchestration/:id/status')
  async status(@UuidOrNotFound(NOT_FOUND) id: string, @CurrentUser() user?: AuthUser): Promise<OrchestrationStatus> {
    // Both reads at once: a page polls this route every second while its book is written.
    const [project, written] = await Promise.all([this.projects.owned(id, user), this.book.writtenProgress(id)]);
    return orchestrationStatusOf(project, await this.book.progress(project, written));
  }

  @Get('orchestration/:id/status/stream')
  @ApiOperation({ summary: "The book's status as server-sent events (`status`), pushed as it changes until it is final; a stream ends after 20 s, to be opened again" })
  async statusStream(@UuidOrNotFound(NOT_FOUND) id: string, @Res() res: Response, @CurrentUser() user?: AuthUser): Promise<void> {
    const project = await this.projects.owned(id, user);
    await streamStatus(res, this.book.progressSource(project), async () => {
      const current = await this.projects.owned(id, user);
      return orchestrationStatusOf(current, await this.book.progress(current));
    });
  }

  @Get(':id')
  async get(@UuidOrNotFound(NOT_FOUND) id: string, @CurrentUser() user?: AuthUser): Promise<ProjectView> {
    const project = await this.projects.owned(id, user);
    return projectView(project, await this.projects.chapters(id));
  }

  @Patch(':id/settings')
  @RateLimited('edits')
  @ApiOperation({ summary: "Change the book's settings from the editor (its language): its files are then older than its text. 409 while the book is being written" })
  async settings(@UuidOrNotFound(NOT_FOUND) id: string, @Body() dto: BookSettingsDto, @CurrentUser() user?: AuthUser): Promise<ProjectView> {
    const project = await this.projects.changeSettings(await this.projects.owned(id, user), dto);
    return projectView(project, await this.projects.chapters(id));
  }

  @Get(':id/writing')
  @ApiOperation({ summary: 'Whether a stage is writing the book now; 503 when the workflow service cannot say' })
  async writing(@UuidOrNotFound(NOT_FOUND) id: string, @CurrentUser() user?: AuthUser): Promise<WritingAnswer> {
    await this.projects.owned(id, user);
    return { writing: await this.book.beingWritten(id) };
  }

  @Get(':id/lifecycle')
  async lifecycle(@UuidOrNotFound(NOT_FOUND) id: string, @CurrentUser() user?: AuthUser): Promise<BookProgress> {
    return this.book.progress(await this.projects.owned(id, user));
  }

  @Post(':id/generate-outline')
  @RateLimited('generation')
  @HttpCode(200)
  @ApiHeader(PROVIDER_HEADER)
  async outline(@UuidOrNotFound(NOT_FOUND) id: string, @Body() dto: StageDto, @Headers('x-ai-provider') provider: string | undefined, @CurrentUser() user?: AuthUser): Promise<OutlineAnswer> {
    await this.projects.owned(id, user);
    if (dto.title !== undefined || dto.author !== undefined || dto.book_idea !== undefined) {
      const problems = briefProblems({ title: dto.title, author: dto.author, idea: dto.book_idea });
      if (problems.length) throw new UnprocessableEntityException({ message: problems[0]?.messages[0], details: problems });
    }
    this.projects.providerNamed(provider, dto, user);
    const settings = { ...(dto.chapter_count !== undefined ? { chapterCount: dto.chapter_count } : {}), ...(dto.book_style !== undefined ? { writingStyle: dto.book_style } : {}) };
    await this.book.stage(id, (run) => run.executeUpdate(generateOutlineUpdate, { args: [settings] }));
    return { toc: tocView(await this.projects.owned(id, user)) };
  }

  @Post(':id/generate-introduction')
  @RateLimited('generation')
  @HttpCode(200)
  async introduction(@UuidOrNotFound(NOT_FOUND) id: string, @CurrentUser() user?: AuthUser): Promise<IntroductionAnswer> {
    await this.projects.owned(id, user);
    await this.book.stage(id, (run) => run.executeUpdate(generateIntroductionUpdate));
    return { introduction: (await this.projects.owned(id, user)).introduction ?? null };
  }

  @Post(':id/generate-chapters')
  @RateLimited('generation')
  @HttpCode(200)
  async chapters(@UuidOrNotFound(NOT_FOUND) id: string, @Body() dto: StageDto, @CurrentUser() user?: AuthUser): Promise<ChaptersAnswer> {
    await this.projects.owned(id, user);
    const only = dto.chapters_to_generate === undefined ? null : dto.chapters_to_generate;
    if (only?.length === 0) return { chapters_generated: 0, chapters: [] };
    const settings = chapterSettingsOf(dto);
    const { generated } = await this.book.stage(id, (run) => run.executeUpdate(generateChaptersUpdate, { args: settings ? [only, settings] : [only] }));
    const chapters = (await this.projects.chapters(id)).filter((c) => generated.includes(c.number));
    return { chapters_generated: chapters.length, chapters: chapters.map(chapterView) };
  }

  @Post(':id/generate-chapters/stream')
  @RateLimited('generation')
  @ApiOperation({ summary: 'The chapter stage as server-sent events: chapter_start, progress, chapter_complete, all_complete, error' })
  async chaptersStream(@UuidOrNotFound(NOT_FOUND) id: string, @Body() dto: StageDto, @Res() res: Response, @CurrentUser() user?: AuthUser): Promise<void> {
    const project = await this.projects.owned(id, user);
    const titles = new Map((project.outline ?? []).map((c) => [c.number, c.title]));
    await streamChapters(this.book.handle(id), dto.chapters_to_generate ?? null, chapterSettingsOf(dto), (n) => titles.get(n) ?? `Chapter ${n}`, res, this.book.progressSource(project));
  }

  @Post(':id/chapters/:number/regenerate')
  @RateLimited('generation')
  @HttpCode(200)
  @ApiOperation({ summary: 'Write a chapter again; its new text is saved as the next version of the chapter' })
  async regenerate(@UuidOrNotFound(NOT_FOUND) id: string, @Param('number') number: string, @CurrentUser() user?: AuthUser): Promise<RegeneratedChapter | null> {
    await this.projects.owned(id, user);
    const n = Number(number);
    await this.book.stage(id, (run) => run.executeUpdate(regenerateChapterUpdate, { args: [n] }));
    const chapter = (await this.projects.chapters(id)).find((c) => c.number === n);
    return chapter ? { ...chapterView(chapter), version: await this.projects.currentVersion(id, n) } : null;
  }

  @Post(':id/generate-summary')
  @RateLimited('generation')
  @HttpCode(200)
  async summary(@UuidOrNotFound(NOT_FOUND) id: string, @CurrentUser() user?: AuthUser): Promise<SummaryAnswer> {
    await this.projects.owned(id, user);
    await this.book.stage(id, (run) => run.executeUpdate(generateSummaryUpdate));
    return { summary: (await this.projects.owned(id, user)).summary ?? null };
  }

  @Post(':id/finalize')
  @RateLimited('generation')
  @HttpCode(200)
  async finalize(@UuidOrNotFound(NOT_FOUND) id: string, @CurrentUser() user?: AuthUser): Promise<FinalizeAnswer> {
    await this.projects.owned(id, user);
    await this.book.stage(id, (run) => run.executeUpdate(finalizeUpdate));
    return { status: 'finalized', project_id: id };
  }

  @Post(':id/cancel')
  @HttpCode(202)
  @ApiOperation({ summary: 'Stop generating this book (chapters already written are kept)', description: 'A book that no run ever wrote here has nothing to stop: 409. A run that has ended takes the request again (202).' })
  async cancel(@UuidOrNotFound(NOT_FOUND) id: string, @CurrentUser() user?: AuthUser): Promise<CancelAnswer> {
    await this.projects.owned(id, user);
    await this.book.cancel(id);
    return { project_id: id, status: 'cancelling' };
  }

  @Post(':id/build')
  @RateLimited('generation')
  @HttpCode(202)
  @ApiOperation({ summary: "Build the book's files (a packaging run); the book's own build starts by itself once it is finalized. html needs no build: it is always rendered from the current text (view/html, download/html)" })
  async build(@UuidOrNotFound(NOT_FOUND) id: string, @Body() dto: BuildDto, @CurrentUser() user?: AuthUser): Promise<BuildStatus> {
    const project = await this.projects.owned(id, user);
    const wanted = withoutHtml(dto.formats, dto.format);
    const onlyHtml = wanted.html && Array.isArray(wanted.formats) && wanted.formats.length === 0;
    const parsed = onlyHtml ? { formats: [] } : parseFormats(wanted.formats, wanted.format);
    if ('error' in parsed) throw new BadRequestException(parsed.error);
    if (!project.finalizedAt) throw new BadRequestException(GenerationMessages.noChapters);
    // Until the book workflow has finished its own build, this reports on that build rather than starting another.
    if (parsed.formats.length && (project.completedAt || project.failedStage === 'building')) await this.packaging.start(project, parsed.formats);
    return buildStatusOf(await this.projects.owned(id, user));
  }

  @Get(':id/build/status')
  async buildStatus(@UuidOrNotFound(NOT_FOUND) id: string, @CurrentUser() user?: AuthUser): Promise<BuildStatus> {
    return buildStatusOf(await this.projects.owned(id, user));
  }

  @Post(':id/generate-cover')
  @RateLimited('generation')
  @HttpCode(200)
  @ApiOperation({ summary: 'Draw the print cover (full wrap PDF and front PNG) for the built book; the spine follows its page count' })
  async cover(@UuidOrNotFound(NOT_FOUND) id: string, @Body() dto: CoverDto, @CurrentUser() user?: AuthUser): Promise<CoverAnswer> {
    const project = await this.projects.owned(id, user);
    if (!project.pdfKey || !project.pageCount) throw new BadRequestException(BuildMessages.pdfFirst);
    await this.packaging.cover(project, coverChangesOf(dto));
    return coverAnswerOf(await this.projects.owned(id, user));
  }

  @Get(':id/previews')
  @ApiOperation({ summary: 'Images of the first pages of the PDF and of the cover, to look at before downloading' })
  async previews(@UuidOrNotFound(NOT_FOUND) id: string, @CurrentUser() user?: AuthUser): Promise<Previews> {
    const project = await this.projects.owned(id, user);
    return previewsOf(project, `/api/projects/${id}`);
  }

  @Get(':id/preview/:page')
  async preview(@UuidOrNotFound(NOT_FOUND) id: string, @Param('page') page: string, @Res() res: Response, @CurrentUser() user?: AuthUser): Promise<void> {
    await sendPreview(res, this.storage, await this.projects.owned(id, user), page);
  }

  @Get(':id/download/:kind')
  @ApiOperation({ summary: 'Download a built file: pdf, zip, cover-pdf, cover-png, epub or docx (add ?inline=1 to view in the browser), or html (the book as one page, from its current text)' })
  async download(@UuidOrNotFound(NOT_FOUND) id: string, @Param('kind') kind: string, @Query('inline') inline: string | undefined, @Res() res: Response, @CurrentUser() user?: AuthUser): Promise<void> {
    const project = await this.projects.owned(id, user);
    if (kind === 'html') return sendBookHtml(res, await this.bookHtml.page(project), titledFileName(project.title, 'book.html'));
    await sendProjectFile(res, this.storage, project, kind, inline === '1');
  }
}
