import { Migration } from '@mikro-orm/migrations';

export class Migration20261123020000_account_recovery extends Migration {
  override up(): void {
    this.addSql(`create table "account_tokens" ("id" uuid not null, "user_id" uuid not null, "purpose" text not null, "token_hash" varchar(255) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "account_tokens_user_id_index" on "account_tokens" ("user_id");`);
    this.addSql(`create index "account_tokens_token_hash_index" on "account_tokens" ("token_hash");`);
    this.addSql(`alter table "account_tokens" add constraint "account_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "account_tokens" add constraint "account_tokens_purpose_check" check ("purpose" in ('recover', 'reauthenticate'));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "account_tokens" cascade;`);
  }
}
