import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException, UnauthorizedException, UnprocessableEntityException } from '@nestjs/common';
import type { BookProjectView } from '../../../../libs/contracts/index.ts';
import { BookImage, BookProject, GeneratorProject, savedBookContentsOf, shelveBook, SourceFile, User, type SavedBookContents } from '../../../../libs/db/index.ts';
import {
  BOOK_FILE_KINDS,
  BOOK_FILES,
  isUuid,
  mayOpenProject,
  projectFilePrefix,
  ProjectMessages,
  shelfStatus,
  SHOP,
  shopProblems,
  defaultProductFor,
  printPriceProblem,
} from '../../../../libs/domain/index.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { BookWorkflowService } from '../projects/projects.module.ts';
import type { ShopSettingsDto } from './book-projects.dto.ts';
import { bookProjectView } from './book-projects.view.ts';

const FILE_KEYS = BOOK_FILE_KINDS.map((kind) => BOOK_FILES[kind].keyColumn);

/** Saved books: every query is scoped to the caller, so another person's book is simply not found. */
@Injectable()
export class BookProjectsService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    private readonly book: BookWorkflowService,
  ) {}

  /** Unfinished books first (to pick up where the author left off), then the most recently worked on. */
  async list(user: AuthUser): Promise<BookProject[]> {
    const books = await this.em.fork().find(BookProject, { user: user.id }, { populate: ['generatorProject'], limit: 500 });
    const unfinished = (b: BookProject) => (shelfStatus(b.generatorProject).status === 'complete' ? 1 : 0);
    return books.sort((a, b) => unfinished(a) - unfinished(b) || b.generatorProject.updatedAt.getTime() - a.generatorProject.updatedAt.getTime());
  }

  /** The books as the dashboard reads them, their contents derived from their projects' chapters in one query. */
  async views(books: BookProject[]): Promise<BookProjectView[]> {
    const contents = await savedBookContentsOf(this.em.fork(), books.map((b) => b.generatorProject));
    return books.map((b) => bookProjectView(b, contents.get(b.generatorProject.id) as SavedBookContents));
  }

  async view(book: BookProject): Promise<BookProjectView> {
    return (await this.views([book]))[0] as BookProjectView;
  }

  /** The caller's own book (a malformed id is refused at the route). */
  async owned(id: string, user: AuthUser | undefined, em = this.em.fork()): Promise<BookProject> {
    if (!user) throw new UnauthorizedException(ProjectMessages.notAuthenticated);
    const book = await em.findOne(BookProject, { id, user: user.id }, { populate: ['generatorProject'] });
    if (!book) throw new NotFoundException(ProjectMessages.notFound);
    return book;
  }

  /**
   * Keeps a finished book in the caller's account (a signed-in author's books are there from their start). A book made
   * while signed out is claimed here: it becomes the caller's, and its files move from `anonymous/` to the caller's
   * folder. Saving twice gives the same project.
   */
  async save(projectId: string, user: AuthUser | undefined, source: string): Promise<{ book: BookProject; created: boolean }> {
    if (!user) throw new UnauthorizedException(ProjectMessages.notAuthenticated);
    const em = this.em.fork();
    const project = isUuid(projectId) ? await em.findOne(GeneratorProject, { id: projectId }, { populate: ['user'] }) : null;
    if (!project || !mayOpenProject(project, user.id)) throw new NotFoundException(ProjectMessages.notFound);
    const existing = await em.findOne(BookProject, { generatorProject: project.id }, { populate: ['generatorProject'] });
    if (existing) return { book: existing, created: false };
    if (!project.pdfKey) throw new BadRequestException(ProjectMessages.bookDataMissing);
    if (!project.user) await this.claim(em, project, user);
    return shelveBook(em, project, source);
  }

  /** An anonymous book becomes the caller's: the row, its uploaded sources, its files and images (copied, then the old ones removed). */
  private async claim(em: ReturnType<EntityManager['fork']>, project: GeneratorProject, user: AuthUser): Promise<void> {
    const from = projectFilePrefix(project);
    const to = projectFilePrefix({ id: project.id, user: { id: user.id } });
    const moves: [string, string][] = [];
    for (const field of FILE_KEYS) {
      const key = project[field];
      if (key?.startsWith(from)) moves.push([key, to + key.slice(from.length)]);
    }
    for (const key of project.previewKeys ?? []) if (key.startsWith(from)) moves.push([key, to + key.slice(from.length)]);
    const images = await em.find(BookImage, { project: project.id });
    for (const image of images) if (image.key.startsWith(from)) moves.push([image.key, to + image.key.slice(from.length)]);
    for (const [a, b] of moves) await this.storage.copy(a, b);
    const renamed = new Map(moves);
    for (const field of FILE_KEYS) {
      const key = project[field];
      if (key) project[field] = renamed.get(key) ?? key;
    }
    project.previewKeys = (project.previewKeys ?? []).map((k) => renamed.get(k) ?? k);
    for (const image of images) image.key = renamed.get(image.key) ?? image.key;
    project.user = em.getReference(User, user.id);
    if (project.sourceBatchId) await em.nativeUpdate(SourceFile, { batchId: project.sourceBatchId, user: null }, { user: user.id });
    await em.flush();
    await this.storage.deletePrefix(from);
  }

  /** Removes the book, its generated text and every file it has in MinIO. */
  async remove(id: string, user: AuthUser): Promise<{ filesRemoved: number }> {
    const em = this.em.fork();
    const book = await this.owned(id, user, em);
    const project = book.generatorProject;
    // An unfinished book's run is ended before its rows go, so no stage writes into a deleted book.
    if (shelfStatus(project).status !== 'complete') await this.book.stopWriting(project.id);
    // Files first: if MinIO fails, the row stays and the author can try again; nothing is left orphaned.
    let filesRemoved = await this.storage.deletePrefix(projectFilePrefix({ id: project.id, user: { id: user.id } }));
    if (project.sourceBatchId) {
      const shared = await em.count(GeneratorProject, { sourceBatchId: project.sourceBatchId, id: { $ne: project.id } });
      if (!shared) {
        const sources = await em.find(SourceFile, { batchId: project.sourceBatchId, user: user.id });
        for (const s of sources) {
          await this.storage.delete(s.objectKey);
          await this.storage.delete(s.textKey);
          filesRemoved += 2;
        }
        await em.nativeDelete(SourceFile, { batchId: project.sourceBatchId, user: user.id });
      }
    }
    // The generator project cascades to the book row, its chapters and its provider calls.
    await em.nativeDelete(GeneratorProject, { id: project.id });
    return { filesRemoved };
  }

  /** The shop toggle and the edit form; publishing stamps published_at once, unpublishing clears it. */
  async updateShop(id: string, user: AuthUser, dto: ShopSettingsDto): Promise<BookProject> {
    const em = this.em.fork();
    const book = await this.owned(id, user, em);
    const problems = shopProblems(dto);
    if (problems.length) throw new UnprocessableEntityException({ message: problems[0]?.messages[0], details: problems });
    if (dto.shop_print_price !== undefined && dto.shop_print_price !== null) {
      const refused = printPriceProblem(dto.shop_print_price, defaultProductFor(book.generatorProject));
      if (refused) throw new BadRequestException({ message: refused, details: [{ field: 'shop_print_price', messages: [refused] }] });
    }
    const editing = dto.shop_price !== undefined || dto.shop_print_price !== undefined || dto.shop_category !== undefined || dto.shop_description !== undefined || dto.isbn !== undefined;
    const publishing = dto.published_to_shop;
    const willBePublished = publishing ?? book.publishedToShop;
    if (editing && !willBePublished) throw new BadRequestException(ProjectMessages.publishFirst);

    if (publishing === true && !book.publishedToShop) {
      book.publishedToShop = true;
      book.publishedAt = new Date();
      book.shopPrice ??= SHOP.defaultPrice;
      book.shopCategory ||= SHOP.defaultCategory;
    } else if (publishing === false) {
      book.publishedToShop = false;
      book.publishedAt = null;
    }
    if (dto.shop_price !== undefined && dto.shop_price !== null) book.shopPrice = dto.shop_price;
    if (dto.shop_print_price !== undefined) book.shopPrintPrice = dto.shop_print_price;
    if (dto.shop_category !== undefined) book.shopCategory = dto.shop_category ?? SHOP.defaultCategory;
    if (dto.shop_description !== undefined) book.shopDescription = dto.shop_description?.trim() || null;
    if (dto.isbn !== undefined) book.isbn = dto.isbn?.trim() || null;
    await em.flush();
    return book;
  }
}
