import { Migration } from '@mikro-orm/migrations';

/** Bookkeeping steps recorded once per logical step (a retried attempt finds its step recorded), pruned with provider steps. */
export class Migration20261129860100_recorded_steps extends Migration {
  override up(): void {
    this.addSql(`create table if not exists "recorded_steps" ("key" varchar(255) not null, "created_at" timestamptz not null, primary key ("key"));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "recorded_steps";`);
  }
}
