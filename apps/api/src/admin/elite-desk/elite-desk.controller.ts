import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, UploadedFiles } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { BookImageView, ChapterCompareResponse, ChapterVersionDetail, ChapterVersionsResponse, EditableChapterView, EliteDeskBookView, OwnCoverAnswer } from '../../../../../libs/contracts/index.ts';
import type { GeneratorProject } from '../../../../../libs/db/index.ts';
import { MANUSCRIPT_DOWNLOAD_FORMATS } from '../../../../../libs/domain/index.ts';
import type { UploadedFile } from '../../../../../libs/sources/ingest.ts';
import { BookImagesService, BookImageUpload, UploadBookImageDto } from '../../book-images/book-images.module.ts';
import { chapterNumber, ChaptersService, CompareVersionsDto, RestoreVersionDto, UpdateChapterDto } from '../../chapters/chapters.module.ts';
import type { AuthUser } from '../../common/auth.types.ts';
import { CurrentUser, Roles } from '../../common/auth.decorators.ts';
import { ManuscriptDownloadService, manuscriptFormat } from '../../common/manuscript-download.ts';
import { RateLimited } from '../../common/rate-limits.ts';
import { UuidParam } from '../../common/uuid.pipe.ts';
import { CoverUpload, OwnCoverService } from '../../own-cover/own-cover.module.ts';
import { EliteDeskService } from './elite-desk.service.ts';

/** An image of the book at its address under the request, which the team reaches (the Markdown's path stays the book's). */
const atDesk = (requestId: string, project: GeneratorProject, image: BookImageView): BookImageView => ({
  ...image,
  url: image.url.replace(`/api/projects/${project.id}/images/`, `/api/admin/elite-requests/${requestId}/book/images/`),
});

/**
 * The Elite team's desk on a request's book: its chapters with their versions, as the author's editor has them (every
 * save a version recorded with the member who made it), its cover by the author's own-cover rules, and the manuscript
 * as DOCX or Markdown. Routes name the request; its book is the only one they reach.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/elite-requests/:id/book')
@Roles('elite_team', 'admin')
export class EliteDeskController {
  constructor(
    private readonly desk: EliteDeskService,
    private readonly chapters: ChaptersService,
    private readonly covers: OwnCoverService,
    private readonly manuscripts: ManuscriptDownloadService,
    private readonly images: BookImagesService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The request's book as the desk opens it: its chapters, language, trim and the size a full-wrap cover must be (404 before it has a book)" })
  async book(@UuidParam() id: string): Promise<EliteDeskBookView> {
    return this.desk.view(id);
  }

  @Get('chapters/:order')
  @ApiOperation({ summary: "A chapter of the request's book as the editor opens it, with its current version number" })
  async chapter(@UuidParam() id: string, @Param('order') order: string): Promise<EditableChapterView> {
    return this.chapters.chapter(await this.desk.book(id), chapterNumber(order));
  }

  @Put('chapters/:order')
  @RateLimited('edits')
  @ApiOperation({ summary: "Save a chapter's title and Markdown as its next version, recorded as the team member's (409 if base_version is not the current one)" })
  async save(@UuidParam() id: string, @Param('order') order: string, @Body() dto: UpdateChapterDto, @CurrentUser() user: AuthUser): Promise<EditableChapterView> {
    return this.chapters.save(await this.desk.bookToEdit(id), chapterNumber(order), dto, user, 'team');
  }

  @Get('chapters/:order/versions')
  @ApiOperation({ summary: "A chapter's versions, newest first, each with who made it" })
  async versions(@UuidParam() id: string, @Param('order') order: string): Promise<ChapterVersionsResponse> {
    return this.chapters.versions(await this.desk.book(id), chapterNumber(order), 'team');
  }

  @Get('chapters/:order/versions/compare')
  @ApiOperation({ summary: 'A word diff between two versions (a and b: version ids or numbers)' })
  async compare(@UuidParam() id: string, @Param('order') order: string, @Query() query: CompareVersionsDto): Promise<ChapterCompareResponse> {
    return this.chapters.compare(await this.desk.book(id), chapterNumber(order), query.a, query.b, 'team');
  }

  @Get('chapters/:order/versions/:versionId')
  @ApiOperation({ summary: 'One version with its text (by id or version number)' })
  async version(@UuidParam() id: string, @Param('order') order: string, @Param('versionId') versionId: string): Promise<ChapterVersionDetail> {
    return this.chapters.detail(await this.desk.book(id), chapterNumber(order), versionId, 'team');
  }

  @Post('chapters/:order/versions/:versionId/restore')
  @RateLimited('edits')
  @HttpCode(200)
  @ApiOperation({ summary: "Make an older version the chapter's text again, as a new version recorded as the team member's" })
  async restore(@UuidParam() id: string, @Param('order') order: string, @Param('versionId') versionId: string, @Body() dto: RestoreVersionDto, @CurrentUser() user: AuthUser): Promise<EditableChapterView> {
    return this.chapters.restore(await this.desk.bookToEdit(id), chapterNumber(order), versionId, dto.base_version, user, 'team');
  }

  @Post('cover-image')
  @CoverUpload("The book's cover from the team: a PNG or JPEG front or a one-page full-wrap PDF of the book's cover size, by the author's own-cover rules; it becomes the book's cover, and the proofs and print orders use it")
  async cover(@UuidParam() id: string, @UploadedFiles() files: UploadedFile[] | undefined): Promise<OwnCoverAnswer> {
    return this.covers.upload(await this.desk.bookToEdit(id), files);
  }

  @Post('images')
  @BookImageUpload("The Elite team's desk, as the author's editor does (409 once the request is closed)")
  async addImage(@UuidParam() id: string, @UploadedFiles() files: UploadedFile[] | undefined, @Body() dto: UploadBookImageDto): Promise<BookImageView> {
    const project = await this.desk.bookToEdit(id);
    return atDesk(id, project, await this.images.upload(project, files, dto));
  }

  @Get('images')
  @ApiOperation({ summary: "The book's images, newest first, each at its address under the request (the editor's preview shows them)" })
  async imageList(@UuidParam() id: string): Promise<BookImageView[]> {
    const project = await this.desk.book(id);
    return (await this.images.list(project)).map((image) => atDesk(id, project, image));
  }

  @Get('images/:imageId')
  @ApiOperation({ summary: "One of the book's images: its bytes" })
  async image(@UuidParam() id: string, @Param('imageId') imageId: string, @Res() res: Response): Promise<void> {
    await this.images.send(res, await this.desk.book(id), imageId);
  }

  @Get('manuscript/:format')
  @ApiOperation({ summary: `The manuscript as it is now (format: ${MANUSCRIPT_DOWNLOAD_FORMATS.join(' or ')})` })
  async manuscript(@UuidParam() id: string, @Param('format') format: string, @Res() res: Response): Promise<void> {
    const wanted = manuscriptFormat(format);
    await this.manuscripts.send(res, await this.desk.book(id), wanted);
  }
}
