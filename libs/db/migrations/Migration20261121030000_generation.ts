import { Migration } from '@mikro-orm/migrations';

export class Migration20261121030000_generation extends Migration {
  override up(): void {
    this.addSql(`create table "generator_projects" ("id" uuid not null, "user_id" uuid null, "name" varchar(255) not null, "title" varchar(255) not null, "author" varchar(255) not null, "topic" text not null, "writing_style" varchar(255) not null, "total_target_words" int not null, "language" varchar(255) not null default 'English', "provider" text not null, "mode" text not null, "stage" varchar(255) not null default 'creating_project', "failed_stage" varchar(255) null, "error" text null, "outline" jsonb null, "introduction" text null, "summary" text null, "finalized_at" timestamptz null, "completed_at" timestamptz null, "provider_calls" int not null default 0, "cost_usd" numeric(12,6) not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "generator_projects_user_id_index" on "generator_projects" ("user_id");`);
    this.addSql(`create table "generated_chapters" ("id" uuid not null, "project_id" uuid not null, "number" int not null, "title" varchar(255) not null, "content" text not null, "word_count" int not null, "generated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "generated_chapters" add constraint "generated_chapters_project_id_number_unique" unique ("project_id", "number");`);
    this.addSql(`create table "ai_provider_calls" ("id" uuid not null, "project_id" uuid not null, "provider" varchar(255) not null, "model" varchar(255) not null, "purpose" varchar(255) not null, "input_tokens" int not null, "output_tokens" int not null, "latency_ms" int not null, "cost_usd" numeric(12,6) not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "ai_provider_calls_project_id_index" on "ai_provider_calls" ("project_id");`);
    this.addSql(`alter table "generator_projects" add constraint "generator_projects_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "generator_projects" add constraint "generator_projects_provider_check" check ("provider" in ('anthropic', 'hal9', 'mock'));`);
    this.addSql(`alter table "generator_projects" add constraint "generator_projects_mode_check" check ("mode" in ('auto', 'step'));`);
    this.addSql(`alter table "generated_chapters" add constraint "generated_chapters_project_id_foreign" foreign key ("project_id") references "generator_projects" ("id") on delete cascade;`);
    this.addSql(`alter table "ai_provider_calls" add constraint "ai_provider_calls_project_id_foreign" foreign key ("project_id") references "generator_projects" ("id") on delete cascade;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "ai_provider_calls";`);
    this.addSql(`drop table if exists "generated_chapters";`);
    this.addSql(`drop table if exists "generator_projects";`);
  }
}
