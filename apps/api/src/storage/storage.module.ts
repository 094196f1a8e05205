import { Global, Module } from '@nestjs/common';
import type { Config } from '../../../../libs/config/index.ts';
import { StorageService, storageSettingsFrom } from '../../../../libs/storage/index.ts';
import { CONFIG } from '../config/config.module.ts';

@Global()
@Module({
  providers: [
    { provide: StorageService, inject: [CONFIG], useFactory: (config: Config) => new StorageService(storageSettingsFrom(config)) },
  ],
  exports: [StorageService],
})
export class StorageModule {}
