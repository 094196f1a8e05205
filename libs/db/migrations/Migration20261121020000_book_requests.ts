import { Migration } from '@mikro-orm/migrations';

export class Migration20261121020000_book_requests extends Migration {
  override up(): void {
    this.addSql(`create table "form_submissions" ("id" uuid not null, "user_id" uuid not null, "name" varchar(255) not null, "email" varchar(255) not null, "book_topic" varchar(255) not null, "book_style" varchar(255) null, "book_description" text not null, "additional_notes" text null, "status" text not null default 'pending', "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "form_submissions_user_id_index" on "form_submissions" ("user_id");`);
    this.addSql(`alter table "form_submissions" add constraint "form_submissions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "form_submissions" add constraint "form_submissions_status_check" check ("status" in ('pending', 'in_progress', 'completed', 'cancelled'));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "form_submissions";`);
  }
}
