import { BadRequestException, Body, Controller, Headers, HttpCode, Post, UnprocessableEntityException } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { OutlineChapter } from '../../../../libs/db/index.ts';
import { GenerationMessages, WORDS_PER_PAGE } from '../../../../libs/domain/index.ts';
import { generateChaptersUpdate, generateOutlineUpdate, regenerateChapterUpdate } from '../../../../workflows/book-messages.ts';
import type { AuthUser } from '../auth/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../auth/public.decorator.ts';
import type { CreateProjectDto } from './projects.dto.ts';
import { ProjectsService } from './projects.service.ts';
import { tocView } from './projects.view.ts';

interface TocBody {
  title?: string;
  author?: string;
  book_idea?: string;
  total_target_words?: number;
  ai_model?: string;
}

interface ChapterBody extends TocBody {
  toc?: unknown;
  chapter_number?: number;
  project_id?: string;
}

const DEFAULT_CHAPTER_WORDS = 3000;

/** The toc entries an older client sends (chapter_title and chapter_ideas required), as an outline. */
function outlineFromToc(toc: unknown): OutlineChapter[] {
  if (!Array.isArray(toc) || toc.length === 0) throw new BadRequestException(GenerationMessages.tocNotLoaded);
  return toc.map((entry: Record<string, unknown>, i) => {
    if (typeof entry?.chapter_title !== 'string' || !Array.isArray(entry.chapter_ideas)) {
      throw new UnprocessableEntityException({ message: `Validation failed: toc[${i}]: each entry needs chapter_title and chapter_ideas (a list)`, details: [{ field: `toc[${i}]`, messages: ['chapter_title and chapter_ideas are required'] }] });
    }
    const pages = Number.parseInt(String(entry.estimated_pages ?? ''), 10);
    return {
      number: i + 1,
      title: entry.chapter_title.slice(0, 200),
      description: typeof entry.chapter_description === 'string' ? entry.chapter_description : '',
      key_points: entry.chapter_ideas.map(String),
      target_words: Number.isFinite(pages) && pages > 0 ? pages * WORDS_PER_PAGE : DEFAULT_CHAPTER_WORDS,
    };
  });
}

/** The intelligent API (document 2, section 7.2): the provider comes in the X-AI-Provider header. */
@ApiTags('intelligent')
@OptionalAuth()
@ApiHeader({ name: 'X-AI-Provider', required: false, description: 'anthropic, hal9 or mock' })
@Controller('intelligent')
export class IntelligentController {
  constructor(private readonly projects: ProjectsService) {}

  @Post('toc')
  @HttpCode(200)
  @ApiOperation({ summary: 'A table of contents for a book idea (a project is created; its id comes back for the chapter calls)' })
  async toc(@Body() body: TocBody, @Headers('x-ai-provider') provider: string | undefined, @CurrentUser() user?: AuthUser) {
    const dto: CreateProjectDto = { title: body.title, author: body.author, book_idea: body.book_idea, ai_model: provider ?? body.ai_model, total_target_words: body.total_target_words };
    const project = await this.projects.create(dto, user, 'step');
    await this.projects.step(() => this.projects.handle(project.id).executeUpdate(generateOutlineUpdate));
    const outlined = await this.projects.owned(project.id, user);
    const words = (outlined.outline ?? []).reduce((sum, c) => sum + c.target_words, 0);
    return {
      project_id: project.id,
      toc: tocView(outlined),
      total_estimated_pages: `${Math.round(words / 350)}-${Math.round(words / WORDS_PER_PAGE)}`,
      book_summary: `${outlined.outline?.length ?? 0} chapters. ${outlined.topic}`,
    };
  }

  @Post('chapter')
  @HttpCode(200)
  @ApiOperation({ summary: 'Write one chapter of a table of contents (from /toc, or one the client brings)' })
  async chapter(@Body() body: ChapterBody, @Headers('x-ai-provider') provider: string | undefined, @CurrentUser() user?: AuthUser) {
    const n = Number(body.chapter_number);
    let project = body.project_id ? await this.projects.owned(body.project_id, user) : undefined;
    if (!project) {
      const outline = outlineFromToc(body.toc);
      if (!Number.isInteger(n) || n < 1 || n > outline.length) throw new BadRequestException(GenerationMessages.invalidChapter(n, outline.length));
      const words = Math.min(80_000, Math.max(10_000, Math.round(outline.reduce((s, c) => s + c.target_words, 0) / 1000) * 1000));
      project = await this.projects.create({ title: body.title, author: body.author, book_idea: body.book_idea, ai_model: provider ?? body.ai_model, total_target_words: words }, user, 'step', outline);
    }
    const count = project.outline?.length ?? 0;
    if (!count) throw new BadRequestException(GenerationMessages.tocNotLoaded);
    if (!Number.isInteger(n) || n < 1 || n > count) throw new BadRequestException(GenerationMessages.invalidChapter(n, count));
    const id = project.id;
    const costBefore = Number(project.costUsd);
    const written = (await this.projects.chapters(id)).some((c) => c.number === n);
    const handle = this.projects.handle(id);
    await this.projects.step<unknown>(() =>
      written ? handle.executeUpdate(regenerateChapterUpdate, { args: [n] }) : handle.executeUpdate(generateChaptersUpdate, { args: [[n]] }),
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
