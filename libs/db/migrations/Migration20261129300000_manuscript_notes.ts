import { Migration } from '@mikro-orm/migrations';

/** Comments and suggested changes on a book's chapters (issue 31): threads with replies, suggestions, and the chapter version an accepted suggestion makes. */
export class Migration20261129300000_manuscript_notes extends Migration {
  override up(): void {
    this.addSql(`create table "manuscript_suggestions" ("id" uuid not null, "project_id" uuid not null, "chapter" int not null, "elite_request_id" uuid null, "writer_id" uuid null, "writer_role" text not null, "quote" text not null, "anchor_start" int not null, "anchor_end" int not null, "prefix" text not null, "suffix" text not null, "base_version" int not null, "replacement" text not null, "note" text null, "status" text not null default 'pending', "decided_at" timestamptz null, "decided_by_id" uuid null, "applied_version" int null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "manuscript_suggestions_project_id_chapter_index" on "manuscript_suggestions" ("project_id", "chapter");`);
    this.addSql(`create table "manuscript_comments" ("id" uuid not null, "project_id" uuid not null, "chapter" int not null, "elite_request_id" uuid null, "writer_id" uuid null, "writer_role" text not null, "body" text not null, "quote" text not null, "anchor_start" int not null, "anchor_end" int not null, "prefix" text not null, "suffix" text not null, "base_version" int not null, "resolved_at" timestamptz null, "resolved_by_id" uuid null, "resolved_by_role" text null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "manuscript_comments_project_id_chapter_index" on "manuscript_comments" ("project_id", "chapter");`);
    this.addSql(`create table "manuscript_replies" ("id" uuid not null, "comment_id" uuid not null, "writer_id" uuid null, "writer_role" text not null, "body" text not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "manuscript_replies_comment_id_index" on "manuscript_replies" ("comment_id");`);
    this.addSql(`alter table "chapter_versions" drop constraint "chapter_versions_source_check";`);
    this.addSql(`alter table "chapter_versions" add constraint "chapter_versions_source_check" check ("source" in ('generated', 'regenerated', 'author', 'assistant', 'restored', 'revision', 'suggestion'));`);
    this.addSql(`alter table "manuscript_suggestions" add constraint "manuscript_suggestions_project_id_foreign" foreign key ("project_id") references "generator_projects" ("id") on delete cascade;`);
    this.addSql(`alter table "manuscript_suggestions" add constraint "manuscript_suggestions_elite_request_id_foreign" foreign key ("elite_request_id") references "elite_requests" ("id") on delete set null;`);
    this.addSql(`alter table "manuscript_suggestions" add constraint "manuscript_suggestions_writer_id_foreign" foreign key ("writer_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "manuscript_suggestions" add constraint "manuscript_suggestions_decided_by_id_foreign" foreign key ("decided_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "manuscript_suggestions" add constraint "manuscript_suggestions_writer_role_check" check ("writer_role" in ('author', 'team'));`);
    this.addSql(`alter table "manuscript_suggestions" add constraint "manuscript_suggestions_status_check" check ("status" in ('pending', 'accepted', 'rejected'));`);
    this.addSql(`alter table "manuscript_comments" add constraint "manuscript_comments_project_id_foreign" foreign key ("project_id") references "generator_projects" ("id") on delete cascade;`);
    this.addSql(`alter table "manuscript_comments" add constraint "manuscript_comments_elite_request_id_foreign" foreign key ("elite_request_id") references "elite_requests" ("id") on delete set null;`);
    this.addSql(`alter table "manuscript_comments" add constraint "manuscript_comments_writer_id_foreign" foreign key ("writer_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "manuscript_comments" add constraint "manuscript_comments_resolved_by_id_foreign" foreign key ("resolved_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "manuscript_comments" add constraint "manuscript_comments_writer_role_check" check ("writer_role" in ('author', 'team'));`);
    this.addSql(`alter table "manuscript_comments" add constraint "manuscript_comments_resolved_by_role_check" check ("resolved_by_role" in ('author', 'team'));`);
    this.addSql(`alter table "manuscript_replies" add constraint "manuscript_replies_comment_id_foreign" foreign key ("comment_id") references "manuscript_comments" ("id") on delete cascade;`);
    this.addSql(`alter table "manuscript_replies" add constraint "manuscript_replies_writer_id_foreign" foreign key ("writer_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "manuscript_replies" add constraint "manuscript_replies_writer_role_check" check ("writer_role" in ('author', 'team'));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "manuscript_replies";`);
    this.addSql(`drop table if exists "manuscript_comments";`);
    this.addSql(`drop table if exists "manuscript_suggestions";`);
    this.addSql(`update "chapter_versions" set "source" = 'author' where "source" = 'suggestion';`);
    this.addSql(`alter table "chapter_versions" drop constraint "chapter_versions_source_check";`);
    this.addSql(`alter table "chapter_versions" add constraint "chapter_versions_source_check" check ("source" in ('generated', 'regenerated', 'author', 'assistant', 'restored', 'revision'));`);
  }
}
