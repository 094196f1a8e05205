import { BadRequestException, Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { OutlineChapter } from '../../../../libs/db/index.ts';
import { estimatedPages, GenerationMessages, TARGET_WORDS, WORDS_PER_PAGE } from '../../../../libs/domain/index.ts';
import { generateChaptersUpdate, generateOutlineUpdate, regenerateChapterUpdate } from '../../../../workflows/book/messages.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../common/auth.decorators.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { ChapterRequestDto, chapterSettingsOf, TocDto, type CreateProjectDto, type TocEntryDto } from './projects.dto.ts';
import { BookWorkflowService } from './book-workflow.service.ts';
import { PROVIDER_HEADER, ProjectsService } from './projects.service.ts';
import { tocView } from './projects.view.ts';

const DEFAULT_CHAPTER_WORDS = 3000;

/** The table of contents an older client sends, as an outline (entries are validated by TocEntryDto). */
const outlineFromToc = (toc: TocEntryDto[]): OutlineChapter[] =>
  toc.map((entry, i) => ({
    number: i + 1,
    title: entry.chapter_title,
    description: entry.chapter_description ?? '',
    key_points: entry.chapter_ideas,
    target_words: entry.estimated_pages ? entry.estimated_pages * WORDS_PER_PAGE : DEFAULT_CHAPTER_WORDS,
  }));

/** The intelligent API (document 2, section 7.2): the provider comes in the X-AI-Provider header. */
@ApiTags('intelligent')
@OptionalAuth()
@ApiHeader(PROVIDER_HEADER)
@Controller('intelligent')
export class IntelligentController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly book: BookWorkflowService,
  ) {}

  @Post('toc')
  @RateLimited('generation')
  @HttpCode(200)
  @ApiOperation({ summary: 'A table of contents for a book idea (a project is created; its id comes back for the chapter calls)' })
  async toc(@Body() body: TocDto, @Headers('x-ai-provider') provider: string | undefined, @CurrentUser() user?: AuthUser) {
    const dto: CreateProjectDto = { title: body.title, author: body.author, book_idea: body.book_idea, language: body.language, ai_model: this.projects.providerNamed(provider, body, user), total_target_words: body.total_target_words };
    const project = await this.projects.create(dto, user, 'step');
    await this.book.stage(project.id, (run) => run.executeUpdate(generateOutlineUpdate, { args: [{}] }));
    const outlined = await this.projects.owned(project.id, user);
    const words = (outlined.outline ?? []).reduce((sum, c) => sum + c.target_words, 0);
    // A range, as the older API gives it: the estimate ± 5 %, the spread of the measured words a page (368–416).
    const pages = estimatedPages(words);
    return {
      project_id: project.id,
      toc: tocView(outlined),
      total_estimated_pages: `${Math.round(pages * 0.95)}-${Math.round(pages * 1.05)}`,
      book_summary: `${outlined.outline?.length ?? 0} chapters. ${outlined.topic}`,
    };
  }

  @Post('chapter')
  @RateLimited('generation')
  @HttpCode(200)
  @ApiOperation({ summary: 'Write one chapter of a table of contents (from /toc, or one the client brings)' })
  async chapter(@Body() body: ChapterRequestDto, @Headers('x-ai-provider') provider: string | undefined, @CurrentUser() user?: AuthUser) {
    const n = body.chapter_number;
    // A book of /toc keeps its provider; one named here is still one this caller may use, as in the staged calls.
    const named = this.projects.providerNamed(provider, body, user);
    let project = body.project_id ? await this.projects.owned(body.project_id, user) : undefined;
    if (!project) {
      if (!body.toc) throw new BadRequestException(GenerationMessages.tocNotLoaded);
      const outline = outlineFromToc(body.toc);
      if (n > outline.length) throw new BadRequestException(GenerationMessages.invalidChapter(n, outline.length));
      const words = outline.reduce((s, c) => s + c.target_words, 0);
      // The book's total follows its chapters' budgets; the service refuses a total over the book's limit.
      const total = Math.max(TARGET_WORDS.min, Math.round(words / TARGET_WORDS.step) * TARGET_WORDS.step);
      project = await this.projects.create({ title: body.title, author: body.author, book_idea: body.book_idea, language: body.language, ai_model: named, total_target_words: total }, user, 'step', outline);
    }
    const count = project.outline?.length ?? 0;
    if (!count) throw new BadRequestException(GenerationMessages.tocNotLoaded);
    if (n > count) throw new BadRequestException(GenerationMessages.invalidChapter(n, count));
    const id = project.id;
    const costBefore = Number(project.costUsd);
    const written = (await this.projects.chapters(id)).some((c) => c.number === n);
    const settings = chapterSettingsOf(body);
    await this.book.stage<unknown>(id, (run) =>
      written
        ? run.executeUpdate(regenerateChapterUpdate, { args: settings ? [n, settings] : [n] })
        : run.executeUpdate(generateChaptersUpdate, { args: settings ? [[n], settings] : [[n]] }),
    );
    const chapter = (await this.projects.chapters(id)).find((c) => c.number === n);
    const after = await this.projects.owned(id, user);
    return {
      project_id: id,
      chapter_number: n,
      chapter_title: chapter?.title,
      content: chapter?.content,
      word_count: chapter?.wordCount,
      cost_estimate: Number(after.costUsd) - costBefore,
    };
  }
}
