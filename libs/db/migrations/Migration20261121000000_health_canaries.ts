import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000_health_canaries extends Migration {
  override up(): void {
    this.addSql(`create table "health_canaries" (
      "id" uuid not null primary key,
      "workflow_id" varchar(255) not null,
      "created_at" timestamptz not null
    );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "health_canaries";`);
  }
}
