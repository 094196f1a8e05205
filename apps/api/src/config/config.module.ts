import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Config } from '../../../../libs/config/index.ts';

/** Injection token for the validated, typed configuration. */
export const CONFIG = Symbol('CONFIG');

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: Readonly<Config>): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: CONFIG, useValue: config }], exports: [CONFIG] };
  }
}
