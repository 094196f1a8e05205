import { Migration } from '@mikro-orm/migrations';

/** A password someone else chose (npm run create-admin's one-time password) must be replaced before anything else. */
export class Migration20261129701000_one_time_passwords extends Migration {
  override up(): void {
    this.addSql(`alter table "users" add column "password_change_required" boolean not null default false;`);
  }

  override down(): void {
    this.addSql(`alter table "users" drop column if exists "password_change_required";`);
  }
}
