import { Migration } from '@mikro-orm/migrations';

export class Migration20261128122000_unasked_mails extends Migration {
  override up(): void {
    this.addSql(`create table "unasked_mails" ("id" uuid not null, "recipient" varchar(255) not null, "kind" text not null, "sent_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "unasked_mails_recipient_sent_at_index" on "unasked_mails" ("recipient", "sent_at");`);
    this.addSql(`alter table "unasked_mails" add constraint "unasked_mails_kind_check" check ("kind" in ('recover', 'confirm', 'resend', 'code', 'email-change'));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "unasked_mails" cascade;`);
  }
}
