import { Migration } from '@mikro-orm/migrations';

/** Every attempt is safe to repeat (issue 32): a paid provider call recorded per logical step, and one chapter version per step. */
export class Migration20261129300100_provider_steps extends Migration {
  override up(): void {
    this.addSql(`create table "provider_steps" ("key" varchar(255) not null, "project_id" uuid not null, "purpose" varchar(255) not null, "status" text not null, "owner" uuid not null, "lease_until" timestamptz not null, "text" text null, "model" varchar(255) null, "input_tokens" int null, "output_tokens" int null, "latency_ms" int null, "cost_usd" numeric(12,6) null, "created_at" timestamptz not null, "completed_at" timestamptz null, primary key ("key"));`);
    this.addSql(`create index "provider_steps_project_id_index" on "provider_steps" ("project_id");`);
    this.addSql(`alter table "provider_steps" add constraint "provider_steps_project_id_foreign" foreign key ("project_id") references "generator_projects" ("id") on delete cascade;`);
    this.addSql(`alter table "provider_steps" add constraint "provider_steps_status_check" check ("status" in ('calling', 'done', 'failed'));`);
    this.addSql(`alter table "chapter_versions" add "step_key" varchar(255) null;`);
    this.addSql(`alter table "chapter_versions" add constraint "chapter_versions_step_key_unique" unique ("step_key");`);
  }

  override down(): void {
    this.addSql(`alter table "chapter_versions" drop constraint if exists "chapter_versions_step_key_unique";`);
    this.addSql(`alter table "chapter_versions" drop column if exists "step_key";`);
    this.addSql(`drop table if exists "provider_steps";`);
  }
}
