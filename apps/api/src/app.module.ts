import { randomUUID } from 'node:crypto';
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import type { Config } from '../../../libs/config/index.ts';
import { AccountPaymentsModule } from './account-payments/account-payments.module.ts';
import { AddressesModule } from './addresses/addresses.module.ts';
import { AdminModule } from './admin/admin.module.ts';
import { EliteDeskModule } from './admin/elite-desk/elite-desk.module.ts';
import { AssistModule } from './assist/assist.module.ts';
import { AuthModule } from './auth/auth.module.ts';
import { JwtAuthGuard, RolesGuard, VerifiedEmailGuard } from './auth/guards.ts';
import { BookProjectsModule } from './book-projects/book-projects.module.ts';
import { BookImagesModule } from './book-images/book-images.module.ts';
import { OwnCoverModule } from './own-cover/own-cover.module.ts';
import { ChaptersModule } from './chapters/chapters.module.ts';
import { ManuscriptNotesModule } from './manuscript-notes/manuscript-notes.module.ts';
import { BookRequestsModule } from './book-requests/book-requests.module.ts';
import { ConfigModule } from './config/config.module.ts';
import { DatabaseModule } from './database/database.module.ts';
import { EliteProjectDetailsModule } from './elite-project-details/elite-project-details.module.ts';
import { EliteRequestsModule } from './elite-requests/elite-requests.module.ts';
import { AccountClaimsModule } from './common/account-claims.ts';
import { RateLimitGuard, RateLimitModule } from './common/rate-limits.ts';
import { HealthModule } from './health/health.module.ts';
import { SiteModule } from './site/site.module.ts';
import { PaymentsModule } from './payments/payments.module.ts';
import { PrintModule } from './print/print.module.ts';
import { ProfileModule } from './profile/profile.module.ts';
import { MailPreferencesModule } from './mail-preferences/mail-preferences.module.ts';
import { MetricsModule } from './metrics/metrics.module.ts';
import { ProjectsModule } from './projects/projects.module.ts';
import { ShopModule } from './shop/shop.module.ts';
import { ShopPagesModule } from './shop-pages/shop-pages.module.ts';
import { SourcesModule } from './sources/sources.module.ts';
import { StorageModule } from './storage/storage.module.ts';
import { TemporalModule } from './temporal/temporal.module.ts';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

@Module({})
export class AppModule {
  static forRoot(config: Readonly<Config>): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.LOG_LEVEL,
            // Honour a caller's X-Request-Id (e.g. from a proxy), otherwise make one; either way echo it back.
            genReqId: (req, res) => {
              const given = req.headers['x-request-id'];
              const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
              res.setHeader('X-Request-Id', id);
              return id;
            },
            // One short line per request; headers stay out of the log (they carry tokens).
            serializers: {
              req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
            ...(config.NODE_ENV === 'development' ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
          },
        }),
        DatabaseModule,
        RateLimitModule,
        AccountClaimsModule,
        StorageModule,
        TemporalModule,
        HealthModule,
        SiteModule,
        AuthModule,
        ProfileModule,
        MailPreferencesModule,
        AccountPaymentsModule,
        AdminModule,
        EliteDeskModule,
        BookRequestsModule,
        EliteProjectDetailsModule,
        EliteRequestsModule,
        BookProjectsModule,
        ShopModule,
        ShopPagesModule,
        ProjectsModule,
        ChaptersModule,
        ManuscriptNotesModule,
        BookImagesModule,
        OwnCoverModule,
        AssistModule,
        SourcesModule,
        PaymentsModule,
        PrintModule,
        AddressesModule,
        MetricsModule,
      ],
      // Every route needs a signed-in caller unless marked @Public(); @Roles() and @VerifiedEmailRequired() narrow it further.
      providers: [
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        { provide: APP_GUARD, useClass: VerifiedEmailGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
      ],
    };
  }
}
