import { Migration } from '@mikro-orm/migrations';

const STATUSES = (extra: string[]) =>
  ['received', 'quoted', 'awaiting_payment', 'in_production', 'printing', ...extra, 'delivered', 'completed', 'declined', 'expired', 'cancelled'].map((s) => `'${s}'`).join(', ');
const KINDS = (extra: string[]) =>
  ['received', 'assigned', 'quote_sent', 'quote_accepted', 'quote_declined', 'quote_expired', 'payment_expired', 'paid', 'step_started', 'step_finished', 'revision_uploaded', 'book_rebuilt', 'proof_sent', 'proof_approved', 'changes_requested', 'proof_reminder', 'printing_started', 'print_status', ...extra, 'delivered', 'completed', 'cancelled', 'sla_reminder', 'sla_breached', 'promise_met']
    .map((s) => `'${s}'`)
    .join(', ');

/** An Elite request stays shipped until its receipt is confirmed (issue 31); the first answers to actions named by an Idempotency-Key. */
export class Migration20261129500000_shipped_and_idempotency extends Migration {
  override up(): void {
    this.addSql(`alter table "elite_requests" drop constraint "elite_requests_status_check";`);
    this.addSql(`alter table "elite_requests" add constraint "elite_requests_status_check" check ("status" in (${STATUSES(['shipped'])}));`);
    this.addSql(`alter table "elite_request_events" drop constraint "elite_request_events_kind_check";`);
    this.addSql(`alter table "elite_request_events" add constraint "elite_request_events_kind_check" check ("kind" in (${KINDS(['shipped'])}));`);
    this.addSql(`create table "idempotent_responses" ("id" uuid not null, "user_id" uuid not null, "route" varchar(255) not null, "key" varchar(100) not null, "status" int null, "body" jsonb null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "idempotent_responses_created_at_index" on "idempotent_responses" ("created_at");`);
    this.addSql(`alter table "idempotent_responses" add constraint "idempotent_responses_user_id_route_key_unique" unique ("user_id", "route", "key");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "idempotent_responses" cascade;`);
    this.addSql(`update "elite_requests" set "status" = 'delivered' where "status" = 'shipped';`);
    this.addSql(`delete from "elite_request_events" where "kind" = 'shipped';`);
    this.addSql(`alter table "elite_request_events" drop constraint "elite_request_events_kind_check";`);
    this.addSql(`alter table "elite_request_events" add constraint "elite_request_events_kind_check" check ("kind" in (${KINDS([])}));`);
    this.addSql(`alter table "elite_requests" drop constraint "elite_requests_status_check";`);
    this.addSql(`alter table "elite_requests" add constraint "elite_requests_status_check" check ("status" in (${STATUSES([])}));`);
  }
}
