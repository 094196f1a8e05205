import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import type { Config } from '../../../../libs/config/index.ts';
import { ormOptions } from '../../../../libs/db/index.ts';
import { CONFIG } from '../config/config.module.ts';

/**
 * MikroORM for the API. The module registers a request context, so each request works on its own
 * fork of the entity manager; services that run outside a request call `em.fork()` themselves.
 */
@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      driver: PostgreSqlDriver,
      inject: [CONFIG],
      useFactory: (config: Config) => ormOptions(config.DATABASE_URL),
    }),
  ],
})
export class DatabaseModule {}
