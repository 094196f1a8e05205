import { Migration } from '@mikro-orm/migrations';

/** A suggested change can be withdrawn by the team member who made it while it waits for the author. */
export class Migration20261129100100_withdrawn_suggestions extends Migration {
  override up(): void {
    this.addSql(`alter table "manuscript_suggestions" drop constraint if exists "manuscript_suggestions_status_check";`);
    this.addSql(`alter table "manuscript_suggestions" add constraint "manuscript_suggestions_status_check" check ("status" in ('pending', 'accepted', 'rejected', 'withdrawn'));`);
  }

  override down(): void {
    this.addSql(`update "manuscript_suggestions" set "status" = 'rejected' where "status" = 'withdrawn';`);
    this.addSql(`alter table "manuscript_suggestions" drop constraint if exists "manuscript_suggestions_status_check";`);
    this.addSql(`alter table "manuscript_suggestions" add constraint "manuscript_suggestions_status_check" check ("status" in ('pending', 'accepted', 'rejected'));`);
  }
}
