import { BadRequestException, Body, Controller, Get, HttpCode, Param, PayloadTooLargeException, Post, Query, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { EliteRequestAdminView } from '../../../../../libs/contracts/index.ts';
import { ELITE_MANUSCRIPT_MAX_BYTES, ELITE_MANUSCRIPT_TYPES, ELITE_STEPS, EliteMessages, toCents, type EliteStep } from '../../../../../libs/domain/index.ts';
import type { UploadedFile } from '../../../../../libs/sources/ingest.ts';
import type { AuthUser } from '../../common/auth.types.ts';
import { CurrentUser, Roles } from '../../common/auth.decorators.ts';
import { ActionKey, Idempotent, KeyedAction } from '../../common/idempotency.ts';
import { UuidParam } from '../../common/uuid.pipe.ts';
import { StreamedFilesInterceptor } from '../../common/streamed-files.interceptor.ts';
import { AssignEliteRequestDto, CancelEliteRequestDto, EliteNoteDto, SendEliteQuoteDto, StartElitePrintingDto } from './admin-elite-requests.dto.ts';
import { AdminEliteRequestsService, ELITE_SORTABLE } from './admin-elite-requests.service.ts';
import { parseListQuery, setContentRange } from '../simple-rest.ts';

function stepOf(step: string): EliteStep {
  if (!(ELITE_STEPS as readonly string[]).includes(step)) throw new BadRequestException(`step must be one of ${ELITE_STEPS.join(', ')}`);
  return step as EliteStep;
}

const ACT = "Sent to the request's workflow, recorded with who did it; refused (409, with the reason) when the request is not in a state for it";

/**
 * Elite requests for the back office (react-admin simple-rest): the list with its filters, one request with all the
 * team needs, and the team's actions as dedicated routes, each sent to the request's `elite-<id>` workflow — the
 * status is never edited by hand. Every route answers the request as the action left it.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/elite-requests')
@Roles('elite_team', 'admin')
export class AdminEliteRequestsController {
  constructor(private readonly requests: AdminEliteRequestsService) {}

  @Get()
  @ApiOperation({ summary: "Filters: status (one or several), assignee_id (or 'none'), sla_breached, due_soon, q (topic, author's e-mail or name), id; sorted by due time by default" })
  async list(@Query() query: { sort?: string; range?: string; filter?: string }, @Res({ passthrough: true }) res: Response): Promise<EliteRequestAdminView[]> {
    const parsed = parseListQuery(query, Object.keys(ELITE_SORTABLE), { field: 'due_at', order: 'ASC' });
    const { views, total } = await this.requests.list(parsed);
    setContentRange(res, 'elite-requests', parsed.offset, views.length, total);
    return views;
  }

  @Get(':id')
  async show(@UuidParam() id: string): Promise<EliteRequestAdminView> {
    return this.requests.show(id);
  }

  @Post(':id/assign')
  @HttpCode(200)
  @ApiOperation({ summary: `Assign to an Elite team member or admin (422 otherwise). ${ACT}` })
  @KeyedAction()
  async assign(@UuidParam() id: string, @Body() dto: AssignEliteRequestDto, @CurrentUser() user: AuthUser, @ActionKey() key?: string): Promise<EliteRequestAdminView> {
    return this.requests.assign(id, user, dto.assignee_id, key);
  }

  @Post(':id/quote')
  @HttpCode(200)
  @ApiOperation({ summary: `Send a quote (amount in US dollars) while the request waits for one. ${ACT}` })
  @KeyedAction()
  async quote(@UuidParam() id: string, @Body() dto: SendEliteQuoteDto, @CurrentUser() user: AuthUser, @ActionKey() key?: string): Promise<EliteRequestAdminView> {
    const quote = { amountCents: toCents(dto.amount), currency: 'usd', copies: dto.copies, timeline: dto.timeline.trim(), includes: dto.includes.map((item) => item.trim()), message: dto.message.trim() };
    return this.requests.act(id, user, { action: 'send_quote', quote }, key);
  }

  @Post(':id/steps/:step/start')
  @HttpCode(200)
  @ApiOperation({ summary: `Start the production step in hand (editing, cover_design). ${ACT}` })
  @KeyedAction()
  async startStep(@UuidParam() id: string, @Param('step') step: string, @Body() dto: EliteNoteDto, @CurrentUser() user: AuthUser, @ActionKey() key?: string): Promise<EliteRequestAdminView> {
    return this.requests.act(id, user, { action: 'start_step', step: stepOf(step), ...note(dto) }, key);
  }

  @Post(':id/steps/:step/finish')
  @HttpCode(200)
  @ApiOperation({ summary: `Finish the production step in hand. ${ACT}` })
  @KeyedAction()
  async finishStep(@UuidParam() id: string, @Param('step') step: string, @Body() dto: EliteNoteDto, @CurrentUser() user: AuthUser, @ActionKey() key?: string): Promise<EliteRequestAdminView> {
    return this.requests.act(id, user, { action: 'finish_step', step: stepOf(step), ...note(dto) }, key);
  }

  @Post(':id/revision')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: `Upload a revised manuscript (multipart field "manuscript": ${ELITE_MANUSCRIPT_TYPES.join(', ')}, UTF-8, at most ${ELITE_MANUSCRIPT_MAX_BYTES / 1024 / 1024} MB); it becomes the book's new version and is rebuilt. ${ACT}` })
  // Applied after the stream interceptor below, so it runs inside it: a repeat is answered once its upload is read.
  @Idempotent()
  @UseInterceptors(
    StreamedFilesInterceptor({
      field: 'manuscript',
      maxFiles: 1,
      maxTotalBytes: ELITE_MANUSCRIPT_MAX_BYTES,
      tooMany: () => new BadRequestException('Upload one revised manuscript at a time'),
      tooLarge: () => new PayloadTooLargeException(EliteMessages.manuscriptSize),
    }),
  )
  async revision(@UuidParam() id: string, @UploadedFiles() files: UploadedFile[] | undefined, @CurrentUser() user: AuthUser, @ActionKey() key?: string): Promise<EliteRequestAdminView> {
    return this.requests.uploadRevision(id, user, files, key);
  }

  @Post(':id/proof')
  @HttpCode(200)
  @ApiOperation({ summary: `Send the book's current PDF and cover to the author as the next proof round. ${ACT}` })
  @KeyedAction()
  async proof(@UuidParam() id: string, @Body() dto: EliteNoteDto, @CurrentUser() user: AuthUser, @ActionKey() key?: string): Promise<EliteRequestAdminView> {
    return this.requests.act(id, user, { action: 'send_proof', ...note(dto) }, key);
  }

  @Post(':id/printing')
  @HttpCode(200)
  @ApiOperation({ summary: `Order the agreed copies from the print provider once the proof is approved. ${ACT}` })
  @KeyedAction()
  async printing(@UuidParam() id: string, @Body() dto: StartElitePrintingDto, @CurrentUser() user: AuthUser, @ActionKey() key?: string): Promise<EliteRequestAdminView> {
    return this.requests.startPrinting(id, user, { ...(dto.pod_package_id ? { podPackageId: dto.pod_package_id } : {}), shippingLevel: dto.shipping_level ?? 'MAIL' }, key);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: `Cancel the request, with the reason, before printing. ${ACT}` })
  @KeyedAction()
  async cancel(@UuidParam() id: string, @Body() dto: CancelEliteRequestDto, @CurrentUser() user: AuthUser, @ActionKey() key?: string): Promise<EliteRequestAdminView> {
    return this.requests.act(id, user, { action: 'cancel', reason: dto.reason.trim() }, key);
  }

  @Post(':id/complete')
  @HttpCode(200)
  @ApiOperation({ summary: `Complete a delivered request now. ${ACT}` })
  @KeyedAction()
  async complete(@UuidParam() id: string, @CurrentUser() user: AuthUser, @ActionKey() key?: string): Promise<EliteRequestAdminView> {
    return this.requests.act(id, user, { action: 'complete' }, key);
  }

  @Get(':id/proofs/:round/:file')
  @ApiOperation({ summary: "A proof round's files as the author was sent them: file is pdf (the interior) or cover" })
  async proofFile(@UuidParam() id: string, @Param('round') round: string, @Param('file') file: string, @Res() res: Response): Promise<void> {
    if (file !== 'pdf' && file !== 'cover') throw new BadRequestException('file must be pdf or cover');
    await this.requests.sendProofFile(res, id, round, file);
  }

  @Get(':id/revisions/:revisionId/manuscript')
  @ApiOperation({ summary: 'A revised manuscript as it was uploaded' })
  async manuscript(@UuidParam() id: string, @UuidParam('revisionId') revisionId: string, @Res() res: Response): Promise<void> {
    await this.requests.sendManuscript(res, id, revisionId);
  }
}

const note = (dto: EliteNoteDto) => (dto.note?.trim() ? { note: dto.note.trim() } : {});
