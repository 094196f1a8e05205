import { Migration } from '@mikro-orm/migrations';

/** A book request's workflow records the answer's deadline, its breach and every status change on the row. */
export class Migration20261122010000_book_request_workflow extends Migration {
  override up(): void {
    this.addSql(`alter table "form_submissions" add "respond_by" timestamptz null, add "overdue_at" timestamptz null, add "status_history" jsonb not null default '[]';`);
  }

  override down(): void {
    this.addSql(`alter table "form_submissions" drop column "respond_by", drop column "overdue_at", drop column "status_history";`);
  }
}
