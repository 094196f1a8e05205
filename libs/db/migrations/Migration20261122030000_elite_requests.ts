import { Migration } from '@mikro-orm/migrations';

/** The Elite Service: requests (the projection of their `elite-<id>` workflows), timelines, quotes, proofs and revisions; a quote is paid through Checkout. */
export class Migration20261122030000_elite_requests extends Migration {
  override up(): void {
    this.addSql(`create table "elite_requests" ("id" uuid not null, "user_id" uuid not null, "book_project_id" uuid null, "project_details_id" uuid null, "payment_id" uuid null, "prepaid" boolean not null default false, "topic" varchar(255) not null, "contact_method" text not null, "preferred_timeline" varchar(255) null, "print_quantity" text null, "budget_range" text null, "additional_requirements" text null, "user_name" varchar(255) not null, "user_email" varchar(255) not null, "user_phone" varchar(255) null, "request_data" jsonb not null, "status" text not null default 'received', "step" text null, "step_started" boolean not null default false, "proof_state" text null, "assignee_id" uuid null, "copies" int null, "checkout_url" text null, "stripe_session_id" varchar(255) null, "pay_by" timestamptz null, "paid_at" timestamptz null, "shipping_address" jsonb null, "print_order_id" uuid null, "promises" jsonb not null default '[]', "sla_breached" boolean not null default false, "due_at" timestamptz null, "first_quoted_at" timestamptz null, "cancel_reason" text null, "delivered_at" timestamptz null, "completed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "elite_requests_user_id_index" on "elite_requests" ("user_id");`);
    this.addSql(`create index "elite_requests_due_at_index" on "elite_requests" ("due_at");`);
    this.addSql(`create table "elite_revisions" ("id" uuid not null, "request_id" uuid not null, "manuscript_key" text not null, "filename" varchar(255) not null, "by" varchar(255) not null, "at" timestamptz not null, "chapters" int null, "previous_key" text null, "package_run" int null, "applied_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "elite_revisions_request_id_index" on "elite_revisions" ("request_id");`);
    this.addSql(`create table "elite_request_events" ("id" uuid not null, "request_id" uuid not null, "at" timestamptz not null, "kind" text not null, "by" varchar(255) null, "note" text null, "step" text null, "data" jsonb not null default '{}', primary key ("id"));`);
    this.addSql(`create index "elite_request_events_request_id_index" on "elite_request_events" ("request_id");`);
    this.addSql(`create table "elite_quotes" ("id" uuid not null, "request_id" uuid not null, "amount_cents" int not null, "currency" varchar(255) not null, "copies" int not null, "timeline" text not null, "includes" jsonb not null, "message" text not null, "sent_by" varchar(255) not null, "sent_at" timestamptz not null, "valid_until" timestamptz not null, "status" text not null default 'open', primary key ("id"));`);
    this.addSql(`create index "elite_quotes_request_id_index" on "elite_quotes" ("request_id");`);
    this.addSql(`create table "elite_proofs" ("id" uuid not null, "request_id" uuid not null, "round" int not null, "interior_key" text not null, "cover_key" text not null, "note" text null, "sent_by" varchar(255) not null, "sent_at" timestamptz not null, "decision" text null, "comment" text null, "decided_by" varchar(255) null, "decided_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "elite_proofs" add constraint "elite_proofs_request_id_round_unique" unique ("request_id", "round");`);
    this.addSql(`alter table "payments" add "elite_request_id" uuid null;`);
    this.addSql(`create index "payments_elite_request_id_index" on "payments" ("elite_request_id");`);
    this.addSql(`alter table "checkout_sessions" add "elite_request_id" uuid null;`);
    this.addSql(`alter table "elite_requests" add constraint "elite_requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "elite_requests" add constraint "elite_requests_book_project_id_foreign" foreign key ("book_project_id") references "book_projects" ("id") on delete set null;`);
    this.addSql(`alter table "elite_requests" add constraint "elite_requests_project_details_id_foreign" foreign key ("project_details_id") references "elite_project_details" ("id") on delete set null;`);
    this.addSql(`alter table "elite_requests" add constraint "elite_requests_payment_id_foreign" foreign key ("payment_id") references "payments" ("id") on delete set null;`);
    this.addSql(`alter table "elite_requests" add constraint "elite_requests_assignee_id_foreign" foreign key ("assignee_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "elite_requests" add constraint "elite_requests_contact_method_check" check ("contact_method" in ('email', 'phone', 'both'));`);
    this.addSql(`alter table "elite_requests" add constraint "elite_requests_print_quantity_check" check ("print_quantity" in ('5-10', '10-25', '25-50', '50-100', '100+', 'discuss'));`);
    this.addSql(`alter table "elite_requests" add constraint "elite_requests_budget_range_check" check ("budget_range" in ('500-1000', '1000-2500', '2500-5000', '5000+', 'discuss'));`);
    this.addSql(`alter table "elite_requests" add constraint "elite_requests_status_check" check ("status" in ('received', 'quoted', 'awaiting_payment', 'in_production', 'printing', 'delivered', 'completed', 'declined', 'expired', 'cancelled'));`);
    this.addSql(`alter table "elite_requests" add constraint "elite_requests_step_check" check ("step" in ('editing', 'cover_design', 'proof', 'printing'));`);
    this.addSql(`alter table "elite_requests" add constraint "elite_requests_proof_state_check" check ("proof_state" in ('awaiting_author', 'changes_requested'));`);
    this.addSql(`alter table "elite_revisions" add constraint "elite_revisions_request_id_foreign" foreign key ("request_id") references "elite_requests" ("id") on delete cascade;`);
    this.addSql(`alter table "elite_request_events" add constraint "elite_request_events_request_id_foreign" foreign key ("request_id") references "elite_requests" ("id") on delete cascade;`);
    this.addSql(`alter table "elite_request_events" add constraint "elite_request_events_kind_check" check ("kind" in ('received', 'assigned', 'quote_sent', 'quote_accepted', 'quote_declined', 'quote_expired', 'payment_expired', 'paid', 'step_started', 'step_finished', 'revision_uploaded', 'book_rebuilt', 'proof_sent', 'proof_approved', 'changes_requested', 'proof_reminder', 'printing_started', 'print_status', 'delivered', 'completed', 'cancelled', 'sla_reminder', 'sla_breached', 'promise_met'));`);
    this.addSql(`alter table "elite_request_events" add constraint "elite_request_events_step_check" check ("step" in ('editing', 'cover_design', 'proof', 'printing'));`);
    this.addSql(`alter table "elite_quotes" add constraint "elite_quotes_request_id_foreign" foreign key ("request_id") references "elite_requests" ("id") on delete cascade;`);
    this.addSql(`alter table "elite_quotes" add constraint "elite_quotes_status_check" check ("status" in ('open', 'accepted', 'declined', 'expired', 'superseded'));`);
    this.addSql(`alter table "elite_proofs" add constraint "elite_proofs_request_id_foreign" foreign key ("request_id") references "elite_requests" ("id") on delete cascade;`);
    this.addSql(`alter table "elite_proofs" add constraint "elite_proofs_decision_check" check ("decision" in ('approved', 'changes_requested'));`);
  }

  override down(): void {
    this.addSql(`drop index "payments_elite_request_id_index";`);
    for (const table of ['checkout_sessions', 'payments']) {
      this.addSql(`delete from "${table}" where "elite_request_id" is not null;`);
      this.addSql(`alter table "${table}" drop column "elite_request_id";`);
    }
    for (const table of ['elite_proofs', 'elite_quotes', 'elite_request_events', 'elite_revisions', 'elite_requests']) this.addSql(`drop table if exists "${table}";`);
  }
}
