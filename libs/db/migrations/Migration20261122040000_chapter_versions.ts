import { Migration } from '@mikro-orm/migrations';

/** Author editing: every chapter's versions (the chapters written so far become their version 1), the AI Writing Assistant's changes, and when the text last changed. */
export class Migration20261122040000_chapter_versions extends Migration {
  override up(): void {
    this.addSql(`create table "chapter_versions" ("id" uuid not null, "project_id" uuid not null, "chapter" int not null, "version" int not null, "source" text not null, "by" varchar(255) null, "title" text not null, "content" text not null, "words" int not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "chapter_versions" add constraint "chapter_versions_project_id_chapter_version_unique" unique ("project_id", "chapter", "version");`);
    this.addSql(`create table "assist_changes" ("id" uuid not null, "project_id" uuid not null, "chapter" int not null, "action" text not null, "instruction" text null, "selection_start" int null, "selection_end" int null, "base_version" int not null, "original" text not null, "proposal" text null, "status" text not null default 'running', "error" text null, "provider" varchar(255) not null, "model" varchar(255) null, "cost_usd" numeric(12,6) not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "assist_changes_project_id_index" on "assist_changes" ("project_id");`);
    this.addSql(`alter table "generator_projects" add "text_updated_at" timestamptz null;`);
    this.addSql(`alter table "chapter_versions" add constraint "chapter_versions_project_id_foreign" foreign key ("project_id") references "generator_projects" ("id") on delete cascade;`);
    this.addSql(`alter table "chapter_versions" add constraint "chapter_versions_source_check" check ("source" in ('generated', 'regenerated', 'author', 'assistant', 'restored', 'revision'));`);
    this.addSql(`alter table "assist_changes" add constraint "assist_changes_project_id_foreign" foreign key ("project_id") references "generator_projects" ("id") on delete cascade;`);
    this.addSql(`alter table "assist_changes" add constraint "assist_changes_action_check" check ("action" in ('expand', 'shorten', 'rewrite', 'continue', 'grammar', 'instruct'));`);
    this.addSql(`alter table "assist_changes" add constraint "assist_changes_status_check" check ("status" in ('running', 'ready', 'failed', 'accepted', 'discarded'));`);
    this.addSql(`insert into "chapter_versions" ("id", "project_id", "chapter", "version", "source", "by", "title", "content", "words", "created_at") select gen_random_uuid(), "project_id", "number", 1, 'generated', null, "title", "content", "word_count", "generated_at" from "generated_chapters";`);
  }

  override down(): void {
    this.addSql(`alter table "generator_projects" drop column "text_updated_at";`);
    this.addSql(`drop table if exists "assist_changes";`);
    this.addSql(`drop table if exists "chapter_versions";`);
  }
}
