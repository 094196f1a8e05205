import { Body, Controller, HttpCode, Post, Res, UnprocessableEntityException, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { pdfPageToPng } from '../../../../activities/render/png.ts';
import { briefProblems, DEFAULT_COVER_PAGE_COUNT } from '../../../../libs/domain/index.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import { OptionalAuth } from '../auth/public.decorator.ts';
import { PackagingService } from './packaging.service.ts';
import { sendObject } from './project-files.ts';
import { coverChoiceOf, IntelligentCoverDto } from './projects.dto.ts';

/** A PDF sent for a thumbnail may be a whole book; larger than this is refused before it is read. */
const MAX_PDF_BYTES = 50 * 1024 * 1024;
const PNG_WIDTH_PX = 600;

/** Covers and thumbnails for fields or files alone (document 2, 7.2; document 3, 7.2). */
@ApiTags('intelligent')
@OptionalAuth()
@Controller('intelligent')
export class IntelligentCoverController {
  constructor(
    private readonly packaging: PackagingService,
    private readonly storage: StorageService,
  ) {}

  @Post('cover')
  @HttpCode(200)
  @ApiOperation({ summary: 'A full-wrap print cover PDF for title, author, idea and page count' })
  async cover(@Body() dto: IntelligentCoverDto, @Res() res: Response): Promise<void> {
    const files = await this.draw(dto);
    await this.send(res, files.pdfKey, { type: 'application/pdf', name: 'cover.pdf', size: files.pdfSize }, [files.pdfKey, files.pngKey]);
  }

  @Post('png')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'A PNG: of the first page of an uploaded PDF (multipart field pdf_file), or of the front cover for cover fields' })
  @UseInterceptors(FileInterceptor('pdf_file', { limits: { fileSize: MAX_PDF_BYTES, files: 1 } }))
  async png(@UploadedFile() file: { buffer: Buffer; mimetype: string } | undefined, @Body() dto: IntelligentCoverDto, @Res() res: Response): Promise<void> {
    if (file) {
      const png = await pdfPageToPng(file.buffer, { page: 1, widthPx: PNG_WIDTH_PX }).catch((error: Error) => {
        throw new UnprocessableEntityException(error.message);
      });
      res.set({ 'Content-Type': 'image/png', 'Content-Length': String(png.length), 'Content-Disposition': 'inline; filename="page-1.png"' }).send(png);
      return;
    }
    const files = await this.draw(dto);
    await this.send(res, files.pngKey, { type: 'image/png', name: 'cover.png', size: files.pngSize, inline: true }, [files.pdfKey, files.pngKey]);
  }

  private draw(dto: IntelligentCoverDto) {
    const problems = briefProblems({ title: dto.title, author: dto.author, idea: dto.book_idea });
    if (problems.length) throw new UnprocessableEntityException({ message: problems[0]?.messages[0], details: problems });
    return this.packaging.standaloneCover({
      title: (dto.title ?? '').trim(),
      author: (dto.author ?? '').trim(),
      bookIdea: (dto.book_idea ?? '').trim(),
      pageCount: dto.num_pages ?? DEFAULT_COVER_PAGE_COUNT,
      ...coverChoiceOf(dto),
    });
  }

  /** Streams the file, then removes the request's files: nobody else can ask for them again. */
  private async send(res: Response, key: string, file: Parameters<typeof sendObject>[3], cleanup: string[]): Promise<void> {
    res.on('close', () => void Promise.all(cleanup.map((k) => this.storage.delete(k))).catch(() => undefined));
    await sendObject(res, this.storage, key, file);
  }
}
