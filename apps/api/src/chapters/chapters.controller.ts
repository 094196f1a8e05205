import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { ChapterCompareResponse, ChapterVersionDetail, ChapterVersionsResponse, EditableChapterView, RemovedChaptersResponse } from '../../../../libs/contracts/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../common/auth.decorators.ts';
import { BookHtmlService, sendBookHtml } from '../common/book-html.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { UuidOrNotFound } from '../common/uuid.pipe.ts';
import { NOT_FOUND, ProjectsService } from '../projects/projects.module.ts';
import { CompareVersionsDto, RestoreVersionDto, UpdateChapterDto } from './chapters.dto.ts';
import { chapterNumber, ChaptersService, removedKey } from './chapters.service.ts';

/** The author's chapters (spec document 2, §7.3): edit, versions, compare, restore; and the book as one HTML page. Same ownership as the project. */
@ApiTags('projects')
@OptionalAuth()
@Controller('projects')
export class ChaptersController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly chapters: ChaptersService,
    private readonly bookHtml: BookHtmlService,
  ) {}

  @Get(':id/chapters/:order')
  @ApiOperation({ summary: 'A chapter as the editor opens it, with its current version number' })
  async get(@UuidOrNotFound(NOT_FOUND) id: string, @Param('order') order: string, @CurrentUser() user?: AuthUser): Promise<EditableChapterView> {
    return this.chapters.chapter(await this.projects.owned(id, user), chapterNumber(order));
  }

  @Put(':id/chapters/:order')
  @RateLimited('edits')
  @ApiOperation({ summary: "Save a chapter's title and Markdown as its next version (409 if base_version is not the current one, or while the book is being written)" })
  async save(@UuidOrNotFound(NOT_FOUND) id: string, @Param('order') order: string, @Body() dto: UpdateChapterDto, @CurrentUser() user?: AuthUser): Promise<EditableChapterView> {
    return this.chapters.save(await this.projects.owned(id, user), chapterNumber(order), dto, user);
  }

  @Get(':id/chapters/:order/versions')
  @ApiOperation({ summary: "A chapter's versions, newest first" })
  async versions(@UuidOrNotFound(NOT_FOUND) id: string, @Param('order') order: string, @CurrentUser() user?: AuthUser): Promise<ChapterVersionsResponse> {
    return this.chapters.versions(await this.projects.owned(id, user), chapterNumber(order));
  }

  @Get(':id/chapters/:order/versions/compare')
  @ApiOperation({ summary: 'A word diff between two versions (a and b: version ids or numbers)' })
  async compare(@UuidOrNotFound(NOT_FOUND) id: string, @Param('order') order: string, @Query() query: CompareVersionsDto, @CurrentUser() user?: AuthUser): Promise<ChapterCompareResponse> {
    return this.chapters.compare(await this.projects.owned(id, user), chapterNumber(order), query.a, query.b);
  }

  @Get(':id/chapters/:order/versions/:versionId')
  @ApiOperation({ summary: 'One version with its text (by id or version number)' })
  async version(@UuidOrNotFound(NOT_FOUND) id: string, @Param('order') order: string, @Param('versionId') versionId: string, @CurrentUser() user?: AuthUser): Promise<ChapterVersionDetail> {
    return this.chapters.detail(await this.projects.owned(id, user), chapterNumber(order), versionId);
  }

  @Post(':id/chapters/:order/versions/:versionId/restore')
  @RateLimited('edits')
  @HttpCode(200)
  @ApiOperation({ summary: "Make an older version the chapter's text again, as a new version" })
  async restore(@UuidOrNotFound(NOT_FOUND) id: string, @Param('order') order: string, @Param('versionId') versionId: string, @Body() dto: RestoreVersionDto, @CurrentUser() user?: AuthUser): Promise<EditableChapterView> {
    return this.chapters.restore(await this.projects.owned(id, user), chapterNumber(order), versionId, dto.base_version, user);
  }

  @Get(':id/removed-chapters')
  @ApiOperation({ summary: 'Chapters taken out of the book, newest first, each as its last version shows it (its versions are kept)' })
  async removed(@UuidOrNotFound(NOT_FOUND) id: string, @CurrentUser() user?: AuthUser): Promise<RemovedChaptersResponse> {
    return this.chapters.removed(await this.projects.owned(id, user));
  }

  @Post(':id/removed-chapters/:key/put-back')
  @RateLimited('edits')
  @HttpCode(200)
  @ApiOperation({ summary: "Put a removed chapter back at the end of a finished book with its last text, as its next version ('restored')" })
  async putBack(@UuidOrNotFound(NOT_FOUND) id: string, @Param('key') key: string, @CurrentUser() user?: AuthUser): Promise<EditableChapterView> {
    return this.chapters.putBack(await this.projects.owned(id, user), removedKey(key), user);
  }

  @Get(':id/view/html')
  @ApiOperation({ summary: 'The book as one readable HTML page from its current text (sanitized; it loads and runs nothing)' })
  async html(@UuidOrNotFound(NOT_FOUND) id: string, @Res() res: Response, @CurrentUser() user?: AuthUser): Promise<void> {
    sendBookHtml(res, await this.bookHtml.page(await this.projects.owned(id, user)));
  }
}
