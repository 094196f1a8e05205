import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { BookProjectDeleted, BookProjectView } from '../../../../libs/contracts/index.ts';
import { ProjectMessages } from '../../../../libs/domain/index.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../common/auth.decorators.ts';
import { UuidOrNotFound } from '../common/uuid.pipe.ts';
import { sendPreview } from '../common/previews.ts';
import { sendProjectFile } from '../common/project-files.ts';
import { SaveBookDto, ShopSettingsDto } from './book-projects.dto.ts';
import { BookProjectsService } from './book-projects.service.ts';

/** The author's saved books (document 3): My Books, files, deletion and shop settings; owner-only throughout. */
@ApiTags('book projects')
@ApiBearerAuth()
@Controller('book-projects')
export class BookProjectsController {
  constructor(
    private readonly books: BookProjectsService,
    private readonly storage: StorageService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The caller's saved books, newest first" })
  async list(@CurrentUser() user: AuthUser): Promise<BookProjectView[]> {
    return this.books.views(await this.books.list(user));
  }

  @Post()
  @OptionalAuth()
  @ApiOperation({ summary: 'Save a finished book to the account (a book made while signed out is claimed)' })
  async save(@Body() dto: SaveBookDto, @Res({ passthrough: true }) res: Response, @CurrentUser() user?: AuthUser): Promise<BookProjectView> {
    const { book, created } = await this.books.save(dto.project_id, user, dto.source ?? 'one-shot');
    res.status(created ? 201 : 200);
    return this.books.view(book);
  }

  @Get(':id')
  async get(@UuidOrNotFound(ProjectMessages.notFound) id: string, @CurrentUser() user: AuthUser): Promise<BookProjectView> {
    return this.books.view(await this.books.owned(id, user));
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete the book, its text and every file it has in storage' })
  async remove(@UuidOrNotFound(ProjectMessages.notFound) id: string, @CurrentUser() user: AuthUser): Promise<BookProjectDeleted> {
    const { filesRemoved } = await this.books.remove(id, user);
    return { id, deleted: true, files_removed: filesRemoved };
  }

  @Patch(':id/shop')
  @ApiOperation({ summary: 'Publish or unpublish, and edit price, category, description and ISBN while published' })
  async shop(@UuidOrNotFound(ProjectMessages.notFound) id: string, @Body() dto: ShopSettingsDto, @CurrentUser() user: AuthUser): Promise<BookProjectView> {
    return this.books.view(await this.books.updateShop(id, user, dto));
  }

  @Get(':id/download/:kind')
  @ApiOperation({ summary: 'Download pdf, cover-pdf, cover-png, zip, epub or docx (?inline=1 to view)' })
  async download(@UuidOrNotFound(ProjectMessages.notFound) id: string, @Param('kind') kind: string, @Query('inline') inline: string | undefined, @Res() res: Response, @CurrentUser() user: AuthUser): Promise<void> {
    const book = await this.books.owned(id, user);
    await sendProjectFile(res, this.storage, book.generatorProject, kind, inline === '1');
  }

  @Get(':id/preview/:page')
  async preview(@UuidOrNotFound(ProjectMessages.notFound) id: string, @Param('page') page: string, @Res() res: Response, @CurrentUser() user: AuthUser): Promise<void> {
    await sendPreview(res, this.storage, (await this.books.owned(id, user)).generatorProject, page);
  }
}
