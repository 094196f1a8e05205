import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, HttpException, HttpStatus, Inject, Injectable, NotFoundException, UnauthorizedException, UnprocessableEntityException } from '@nestjs/common';
import { providerCatalogue } from '../../../../libs/ai/index.ts';
import type { Config } from '../../../../libs/config/index.ts';
import type { ProviderOption } from '../../../../libs/contracts/index.ts';
import { currentVersion, GeneratedChapter, GeneratorProject, reserveBookCredit, shelveBook, SourceFile, User, type OutlineChapter } from '../../../../libs/db/index.ts';
import {
  briefProblems,
  chapterSettingsProblem,
  CreditMessages,
  DEFAULT_LANGUAGE_TAG,
  DEFAULT_TARGET_PAGES,
  DEFAULT_WRITING_STYLE,
  EditingMessages,
  GenerationMessages,
  mayOpenProject,
  projectName,
  providerFor,
  ProjectMessages,
  PROVIDERS,
  targetWordsProblem,
  wordsForPages,
  type ProviderId,
} from '../../../../libs/domain/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CONFIG } from '../config/config.module.ts';
import { BookWorkflowService } from './book-workflow.service.ts';
import { AI_MODEL_MAX, chapterSettingsOf, coverChoiceOf, type BookSettingsDto, type CreateProjectDto } from './projects.dto.ts';

export const NOT_FOUND = ProjectMessages.notFound;

/** The header the intelligent API names its provider in; every call that starts a book reads it. */
export const PROVIDER_HEADER = { name: 'X-AI-Provider', required: false, description: 'anthropic, hal9 or mock: the same as ai_model, which it must agree with' };

@Injectable()
export class ProjectsService {
  private readonly available: Set<ProviderId>;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly em: EntityManager,
    private readonly book: BookWorkflowService,
  ) {
    this.available = new Set(providerCatalogue(config, true).filter((p) => p.available).map((p) => p.id));
  }

  /** The providers with their limits, and whether this caller can use each here. */
  catalogue(user: AuthUser | undefined): ProviderOption[] {
    return providerCatalogue(this.config, Boolean(user));
  }

  /**
   * The provider a request names, however it names it: the X-AI-Provider header first, then ai_model, then provider.
   * Every name given must be a provider this caller may use here, so a paid one without a key is refused, never
   * passed over for another.
   */
  providerNamed(header: string | undefined, body: { ai_model?: string | undefined; provider?: string | undefined }, user: AuthUser | undefined): string | undefined {
    if (header !== undefined && [...header].length > AI_MODEL_MAX) throw new BadRequestException(GenerationMessages.unknownProvider(`${[...header].slice(0, AI_MODEL_MAX).join('')}…`));
    const names = [header, body.ai_model, body.provider].filter((name): name is string => Boolean(name));
    for (const name of names) this.provider(name, user);
    return names[0];
  }

  /** ai_model → a provider this caller may use on this server, or a 400/401 that says why not. Paid providers need a signed-in author. */
  provider(aiModel: string | undefined, user: AuthUser | undefined): ProviderId {
    const id = aiModel ? providerFor(aiModel) : 'mock';
    if (!id) throw new BadRequestException(GenerationMessages.unknownProvider(aiModel ?? ''));
    if (!this.available.has(id)) throw new BadRequestException(GenerationMessages.providerUnavailable(PROVIDERS[id].displayName));
    if (PROVIDERS[id].costClass !== 'free' && !user) throw new UnauthorizedException(GenerationMessages.signInForProvider(PROVIDERS[id].displayName));
    return id;
  }

  /**
   * Creates the project and starts its workflow; `outline` is a table of contents the client brings. A book on a paid
   * provider takes one of the author's book credits in the same transaction, or is refused with 402 and not created.
   */
  async create(dto: CreateProjectDto, user: AuthUser | undefined, mode: 'auto' | 'step', outline?: OutlineChapter[]): Promise<GeneratorProject> {
    const idea = dto.topic ?? dto.book_idea;
    const problems = briefProblems({ title: dto.title, author: dto.author, idea }, dto.topic !== undefined ? 'topic' : 'book_idea');
    if (problems.length) throw new UnprocessableEntityException({ message: problems[0]?.messages[0], details: problems });
    const words = dto.total_target_words ?? wordsForPages(dto.target_pages ?? DEFAULT_TARGET_PAGES);
    const wordsProblem = targetWordsProblem(words);
    if (wordsProblem) throw new UnprocessableEntityException({ message: wordsProblem, details: [{ field: 'total_target_words', messages: [wordsProblem] }] });
    const provider = this.provider(dto.ai_model, user);
    const { displayName, maxChapters } = PROVIDERS[provider];
    if (outline && outline.length > maxChapters) throw new UnprocessableEntityException(GenerationMessages.tooManyChapters(displayName, maxChapters));
    const chapterSettings = chapterSettingsOf(dto);
    const settingsProblem = mode === 'auto' && chapterSettings ? chapterSettingsProblem(chapterSettings, dto.chapters_to_generate ?? null) : null;
    if (settingsProblem) throw new UnprocessableEntityException(settingsProblem);
    for (const n of dto.chapters_to_generate ?? []) {
      if (n > maxChapters) throw new UnprocessableEntityException(GenerationMessages.invalidChapter(n, maxChapters));
    }
    const title = (dto.title ?? '').trim();
    if (dto.source_materials) {
      const source = await this.em.fork().findOne(SourceFile, { batchId: dto.source_materials });
      if (!source || (source.user && source.user.id !== user?.id)) throw new UnprocessableEntityException('source_materials: no such uploaded sources');
    }

    const project = await this.em.transactional(async (em) => {
      const created = em.create(GeneratorProject, {
        id: randomUUID(),
        user: user ? em.getReference(User, user.id) : null,
        name: dto.name?.trim() || projectName(title),
        title,
        author: (dto.author ?? '').trim(),
        topic: (idea ?? '').trim(),
        writingStyle: dto.writing_style ?? DEFAULT_WRITING_STYLE,
        totalTargetWords: words,
        chapterCount: dto.chapter_count ?? null,
        // The DTO made it the listed language's tag.
        language: dto.language ?? DEFAULT_LANGUAGE_TAG,
        sourceBatchId: dto.source_materials ?? null,
        outline: outline ?? null,
        provider,
        mode,
        generationMode: chapterSettings?.mode ?? null,
        contentDepth: chapterSettings?.depth ?? null,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      if (PROVIDERS[provider].costClass !== 'free' && user && !(await reserveBookCredit(em, user.id, created.id))) {
        throw new HttpException(CreditMessages.needed(displayName), HttpStatus.PAYMENT_REQUIRED);
      }
      // A signed-in author's book is in My Books from its first moment, whatever happens to the tab that started it.
      if (user) await shelveBook(em, created, dto.source ?? (mode === 'auto' ? 'one-shot' : 'wizard'));
      return created;
    });

    await this.book.start(project, {
      mode,
      chaptersToGenerate: dto.chapters_to_generate ?? null,
      ...(chapterSettings ? { chapterSettings } : {}),
      includeCover: mode === 'auto' && dto.include_cover !== false,
      cover: coverChoiceOf(dto),
      ...(outline ? { outlinedChapters: outline.length } : {}),
    });
    return project;
  }

  /** The project, if the caller may see it: its owner, or anyone holding the id of an anonymous project. */
  async owned(projectId: string, user: AuthUser | undefined): Promise<GeneratorProject> {
    // A fresh read each time: the workflow's activities change the row while a request waits for a stage. The id has
    // passed the routes' UuidOrNotFound pipe (or the DTO's UUID check).
    const project = await this.em.fork().findOne(GeneratorProject, { id: projectId });
    if (!project || !mayOpenProject(project, user?.id)) throw new NotFoundException(NOT_FOUND);
    return project;
  }

  /**
   * The book's settings the author changes in the editor (its language, trim and paper), refused while a stage writes
   * the book as its chapters are. The book's files no longer match them, so they are older than the text until rebuilt.
   */
  async changeSettings(project: GeneratorProject, dto: BookSettingsDto): Promise<GeneratorProject> {
    // The DTO made the language the listed language's tag.
    const changes = {
      ...(dto.language !== undefined && dto.language !== project.language ? { language: dto.language } : {}),
      ...(dto.trim_size !== undefined && dto.trim_size !== project.trimSize ? { trimSize: dto.trim_size } : {}),
      ...(dto.paper !== undefined && dto.paper !== project.paper ? { paper: dto.paper } : {}),
    };
    if (Object.keys(changes).length === 0) return project;
    if (await this.book.beingWritten(project.id)) throw new ConflictException(EditingMessages.settingsBusy);
    const em = this.em.fork();
    const changed = await em.findOneOrFail(GeneratorProject, { id: project.id });
    Object.assign(changed, { ...changes, textUpdatedAt: new Date() });
    await em.flush();
    return changed;
  }

  chapters(projectId: string): Promise<GeneratedChapter[]> {
    return this.em.fork().find(GeneratedChapter, { project: projectId }, { orderBy: { number: 'asc' } });
  }

  currentVersion(projectId: string, number: number): Promise<number> {
    return currentVersion(this.em.fork(), projectId, number);
  }
}
