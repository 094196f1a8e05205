import { BadRequestException, Body, Controller, HttpCode, Logger, PayloadTooLargeException, Post, Res, UnprocessableEntityException, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { pdfPageToPng } from '../../../../libs/render/png.ts';
import { briefProblems, DEFAULT_COVER_PAGE_COUNT } from '../../../../libs/domain/index.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import { OptionalAuth } from '../common/auth.decorators.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { sendObject } from '../common/project-files.ts';
import { StreamedFilesInterceptor } from '../common/streamed-files.interceptor.ts';
import { PackagingService } from './packaging.service.ts';
import { coverChoiceOf, IntelligentCoverDto } from './projects.dto.ts';

/** A PDF sent for a thumbnail may be a whole book; larger than this is refused as it arrives. */
const MAX_PDF_BYTES = 50 * 1024 * 1024;
const PNG_WIDTH_PX = 600;

/** Covers and thumbnails for fields or files alone (document 2, 7.2; document 3, 7.2). */
@ApiTags('intelligent')
@OptionalAuth()
@Controller('intelligent')
export class IntelligentCoverController {
  private readonly logger = new Logger(IntelligentCoverController.name);

  constructor(
    private readonly packaging: PackagingService,
    private readonly storage: StorageService,
  ) {}

  @Post('cover')
  @RateLimited('files')
  @HttpCode(200)
  @ApiOperation({ summary: 'A full-wrap print cover PDF for title, author, idea, page count and language' })
  async cover(@Body() dto: IntelligentCoverDto, @Res() res: Response): Promise<void> {
    const files = await this.draw(dto);
    await this.send(res, files.pdfKey, { type: 'application/pdf', name: 'cover.pdf' }, [files.pdfKey, files.pngKey]);
  }

  @Post('png')
  @RateLimited('files')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'A PNG: of the first page of an uploaded PDF (multipart field pdf_file), or of the front cover for cover fields' })
  @UseInterceptors(
    StreamedFilesInterceptor({
      field: 'pdf_file',
      maxFiles: 1,
      maxTotalBytes: MAX_PDF_BYTES,
      tooMany: () => new BadRequestException('PNG conversion failed: send one PDF'),
      tooLarge: () => new PayloadTooLargeException(`PNG conversion failed: the PDF is larger than ${MAX_PDF_BYTES / 1024 / 1024} MB`),
    }),
  )
  async png(@UploadedFiles() uploads: { buffer: Buffer }[] | undefined, @Body() dto: IntelligentCoverDto, @Res() res: Response): Promise<void> {
    const file = uploads?.[0];
    if (file) {
      const png = await pdfPageToPng(file.buffer, { page: 1, widthPx: PNG_WIDTH_PX }).catch((error: Error) => {
        // The message is a fixed phrase; what pdftoppm said stays in the logs.
        this.logger.warn(`${error.message}: ${error.cause instanceof Error ? error.cause.message : String(error.cause)}`);
        throw new UnprocessableEntityException(error.message);
      });
      res.set({ 'Content-Type': 'image/png', 'Content-Length': String(png.length), 'Content-Disposition': 'inline; filename="page-1.png"' }).send(png);
      return;
    }
    const files = await this.draw(dto);
    await this.send(res, files.pngKey, { type: 'image/png', name: 'cover.png', inline: true }, [files.pdfKey, files.pngKey]);
  }

  private draw(dto: IntelligentCoverDto) {
    const problems = briefProblems({ title: dto.title, author: dto.author, idea: dto.book_idea });
    if (problems.length) throw new UnprocessableEntityException({ message: problems[0]?.messages[0], details: problems });
    return this.packaging.standaloneCover({
      title: (dto.title ?? '').trim(),
      author: (dto.author ?? '').trim(),
      bookIdea: (dto.book_idea ?? '').trim(),
      pageCount: dto.num_pages ?? DEFAULT_COVER_PAGE_COUNT,
      // The DTO made it the listed language's tag.
      ...(dto.language ? { language: dto.language } : {}),
      ...coverChoiceOf(dto),
    });
  }

  /** Streams the file, then removes the request's files: nobody else can ask for them again. */
  private async send(res: Response, key: string, file: Parameters<typeof sendObject>[3], cleanup: string[]): Promise<void> {
    res.on('close', () => void Promise.all(cleanup.map((k) => this.storage.delete(k))).catch(() => undefined));
    await sendObject(res, this.storage, key, file);
  }
}
