import { Migration } from '@mikro-orm/migrations';

/** The name authors see for a team member (issue 31): never their address. */
export class Migration20261129700000_team_display_names extends Migration {
  override up(): void {
    this.addSql(`alter table "users" add column "display_name" varchar(255) null;`);
  }

  override down(): void {
    this.addSql(`alter table "users" drop column if exists "display_name";`);
  }
}
