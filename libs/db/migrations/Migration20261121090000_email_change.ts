import { Migration } from '@mikro-orm/migrations';

export class Migration20261121090000_email_change extends Migration {
  override up(): void {
    this.addSql(`alter table "users" add "pending_email" varchar(255) null, add "pending_email_token_hash" varchar(255) null, add "pending_email_expires_at" timestamptz null;`);
    this.addSql(`alter table "users" add constraint "users_pending_email_token_hash_unique" unique ("pending_email_token_hash");`);
  }

  override down(): void {
    this.addSql(`alter table "users" drop constraint "users_pending_email_token_hash_unique";`);
    this.addSql(`alter table "users" drop column "pending_email", drop column "pending_email_token_hash", drop column "pending_email_expires_at";`);
  }
}
