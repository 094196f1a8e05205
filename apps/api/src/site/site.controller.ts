import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { googleSignInConfigured, type Config } from '../../../../libs/config/index.ts';
import type { SiteView } from '../../../../libs/contracts/index.ts';
import { Public } from '../common/auth.decorators.ts';
import { CONFIG } from '../config/config.module.ts';

@ApiTags('site')
@Public()
@Controller('site')
export class SiteController {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  @Get()
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: "This deployment's facts every page shows: where people write to the team, and whether Google sign-in is offered" })
  site(): SiteView {
    return { support_email: this.config.SUPPORT_EMAIL, google_sign_in: googleSignInConfigured(this.config) };
  }
}
