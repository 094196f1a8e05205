import { Migration } from '@mikro-orm/migrations';

/**
 * The book workflow's progress as its activities write it (issue 32): the pages read this one row instead of asking the
 * workflow. Every change is announced on the `book_progress` channel (payload: the project's id), so any API replica's
 * stream hears it.
 */
export class Migration20261129400100_book_progress extends Migration {
  override up(): void {
    this.addSql(
      `create table "book_progress" ("project_id" uuid not null, "progress" jsonb not null, "updated_at" timestamptz not null default now(), primary key ("project_id"), constraint "book_progress_project_id_foreign" foreign key ("project_id") references "generator_projects" ("id") on delete cascade);`,
    );
    this.addSql(`create function "book_progress_notify"() returns trigger language plpgsql as $$ begin perform pg_notify('book_progress', new.project_id::text); return new; end $$;`);
    this.addSql(`create trigger "book_progress_changed" after insert or update on "book_progress" for each row execute function "book_progress_notify"();`);
  }

  override down(): void {
    this.addSql(`drop table if exists "book_progress";`);
    this.addSql(`drop function if exists "book_progress_notify"();`);
  }
}
