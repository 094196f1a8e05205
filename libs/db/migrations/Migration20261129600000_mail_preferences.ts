import { Migration } from '@mikro-orm/migrations';

/** Mail people want (issue 31): each person's choice per kind of news, and the news kept for their digest. */
export class Migration20261129600000_mail_preferences extends Migration {
  override up(): void {
    this.addSql(`create table "mail_preferences" ("user_id" uuid not null, "choices" jsonb not null, "updated_at" timestamptz not null, primary key ("user_id"));`);
    this.addSql(`alter table "mail_preferences" add constraint "mail_preferences_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`create table "mail_digest_items" ("key" varchar(255) not null, "user_id" uuid not null, "category" varchar(255) not null, "subject" varchar(255) not null, "text" text not null, "queued_at" timestamptz not null, "digest_id" uuid null, "sent_at" timestamptz null, primary key ("key"));`);
    this.addSql(`create index "mail_digest_items_user_id_digest_id_index" on "mail_digest_items" ("user_id", "digest_id");`);
    this.addSql(`alter table "mail_digest_items" add constraint "mail_digest_items_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "mail_digest_items" cascade;`);
    this.addSql(`drop table if exists "mail_preferences" cascade;`);
  }
}
