import { Body, Controller, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { EliteProjectDetailsResponse } from '../../../../libs/contracts/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../common/auth.decorators.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { EliteProjectDetailsDto } from './elite-project-details.dto.ts';
import { EliteProjectDetailsService } from './elite-project-details.service.ts';

/** The Elite Service buyer's side: the project-details form on /success. */
@ApiTags('elite')
@ApiBearerAuth()
@Controller('elite')
export class EliteProjectDetailsController {
  constructor(private readonly elite: EliteProjectDetailsService) {}

  /** Open to signed-out buyers, who show their purchase with the Checkout Session's id. */
  @Post('project-details')
  @OptionalAuth()
  @RateLimited('forms')
  @ApiOperation({ summary: 'Send the Elite project details after paying: stored with the payment; the buyer and support are mailed' })
  submitDetails(@Body() dto: EliteProjectDetailsDto, @CurrentUser() user?: AuthUser): Promise<EliteProjectDetailsResponse> {
    return this.elite.submitDetails(dto, user);
  }
}
