import { Migration } from '@mikro-orm/migrations';

/** A payment whose Stripe session does not charge what Pressroom created it for is kept as 'mismatch', with the reason. */
export class Migration20261128121000_payment_checks extends Migration {
  override up(): void {
    this.addSql(`alter table "payments" add "mismatch" text null;`);
    this.addSql(`alter table "payments" drop constraint "payments_status_check";`);
    this.addSql(`alter table "payments" add constraint "payments_status_check" check ("status" in ('pending', 'paid', 'failed', 'expired', 'mismatch'));`);
  }

  override down(): void {
    this.addSql(`update "payments" set "status" = 'failed' where "status" = 'mismatch';`);
    this.addSql(`alter table "payments" drop constraint "payments_status_check";`);
    this.addSql(`alter table "payments" add constraint "payments_status_check" check ("status" in ('pending', 'paid', 'failed', 'expired'));`);
    this.addSql(`alter table "payments" drop column "mismatch";`);
  }
}
