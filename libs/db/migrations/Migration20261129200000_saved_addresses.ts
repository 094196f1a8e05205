import { Migration } from '@mikro-orm/migrations';

/** Authors' address books (issue 31): saved shipping addresses, offered in the print wizard, the Elite approval and the shop. */
export class Migration20261129200000_saved_addresses extends Migration {
  override up(): void {
    this.addSql(`create table "saved_addresses" ("id" uuid not null, "user_id" uuid not null, "address" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "saved_addresses_user_id_index" on "saved_addresses" ("user_id");`);
    this.addSql(`alter table "saved_addresses" add constraint "saved_addresses_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "saved_addresses";`);
  }
}
