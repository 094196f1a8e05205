import { Migration } from '@mikro-orm/migrations';

/** Pruning finds old steps by the time they are pruned by (libs/db/step-pruning.ts), not by reading the whole table. */
export class Migration20261130000000_step_pruning_indexes extends Migration {
  override up(): void {
    this.addSql(`create index if not exists "provider_steps_completed_at_index" on "provider_steps" ("completed_at");`);
    this.addSql(`create index if not exists "recorded_steps_created_at_index" on "recorded_steps" ("created_at");`);
  }

  override down(): void {
    this.addSql(`drop index if exists "provider_steps_completed_at_index";`);
    this.addSql(`drop index if exists "recorded_steps_created_at_index";`);
  }
}
