import 'reflect-metadata';
import { type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { Config } from '../../../libs/config/index.ts';
import { AppModule } from './app.module.ts';
import { HttpExceptionFilter } from './common/http-exception.filter.ts';
import { createValidationPipe } from './common/validation.ts';

/** Builds the API with everything main.ts and the tests share: prefix, validation, errors, logging, docs. */
export async function createApp(config: Readonly<Config>): Promise<INestApplication> {
  // rawBody: the Stripe webhook checks its signature over the body's exact bytes (req.rawBody, beside the parsed body).
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bufferLogs: true, rawBody: true });
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  // A chapter the author saves may hold CHAPTER_EDIT_LIMITS.contentMaxChars characters (up to 4 bytes each): more than the default 100 kB.
  app.useBodyParser('json', { limit: '2mb' });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  // Client addresses (rate limits) come from X-Forwarded-For only when the request came through a configured proxy.
  app.set('trust proxy', config.TRUST_PROXY ?? false);
  app.disable('x-powered-by');
  // The API answers JSON and files: nothing it serves may run scripts or be framed; Swagger UI gets what it needs.
  const docsPolicy = { directives: { defaultSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"], imgSrc: ["'self'", 'data:'], frameAncestors: ["'none'"] } };
  const apiPolicy = { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } };
  const docsHeaders = helmet({ contentSecurityPolicy: docsPolicy });
  const apiHeaders = helmet({ contentSecurityPolicy: apiPolicy, crossOriginResourcePolicy: { policy: 'same-site' } });
  app.use((req: Request, res: Response, next: NextFunction) => (req.path.startsWith('/api/docs') ? docsHeaders : apiHeaders)(req, res, next));
  app.enableShutdownHooks();

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Pressroom API')
      .setDescription('Turns notes and ideas into a finished, typeset, printable book.')
      .setVersion(process.env.npm_package_version ?? '0.1.0')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
  return app;
}
