import type { INestApplication } from '@nestjs/common';
import type { Config } from '../../../libs/config/index.ts';
import { createApp } from './app.ts';

/** The whole API on a free loopback port, for integration tests. */
export async function serveApi(config: Readonly<Config>): Promise<{ app: INestApplication; url: string }> {
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  return { app, url: await app.getUrl() };
}
