import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_payments extends Migration {
  override up(): void {
    this.addSql(`create table "checkout_sessions" ("id" varchar(255) not null, "user_id" uuid null, "product_id" text not null, "price_id" varchar(255) not null, "mode" varchar(255) not null, "amount" int not null, "currency" varchar(255) not null, "customer_email" varchar(255) null, "success_url" text not null, "cancel_url" text not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "checkout_sessions" add constraint "checkout_sessions_product_id_check" check ("product_id" in ('ai-book-generator', 'elite-service'));`);
    this.addSql(`alter table "checkout_sessions" add constraint "checkout_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);

    this.addSql(`create table "stripe_events" ("id" varchar(255) not null, "type" varchar(255) not null, "payload" jsonb not null, "received_at" timestamptz not null, "processed_at" timestamptz null, primary key ("id"));`);

    this.addSql(`create table "payments" ("id" uuid not null, "user_id" uuid null, "email" varchar(255) null, "product_id" text not null, "price_id" varchar(255) not null, "amount" int not null, "currency" varchar(255) not null, "status" text not null, "stripe_session_id" varchar(255) not null, "stripe_payment_intent_id" varchar(255) null, "stripe_customer_id" varchar(255) null, "last_event_id" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "paid_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "payments" add constraint "payments_stripe_session_id_unique" unique ("stripe_session_id");`);
    this.addSql(`create index "payments_user_id_index" on "payments" ("user_id");`);
    this.addSql(`alter table "payments" add constraint "payments_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "payments" add constraint "payments_product_id_check" check ("product_id" in ('ai-book-generator', 'elite-service'));`);
    this.addSql(`alter table "payments" add constraint "payments_status_check" check ("status" in ('pending', 'paid', 'failed', 'expired'));`);

    this.addSql(`create table "book_credits" ("id" uuid not null, "user_id" uuid null, "payment_id" uuid not null, "status" text not null default 'available', "project_id" uuid null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "book_credits" add constraint "book_credits_payment_id_unique" unique ("payment_id");`);
    this.addSql(`create index "book_credits_user_id_status_index" on "book_credits" ("user_id", "status");`);
    this.addSql(`create index "book_credits_project_id_index" on "book_credits" ("project_id");`);
    this.addSql(`alter table "book_credits" add constraint "book_credits_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "book_credits" add constraint "book_credits_payment_id_foreign" foreign key ("payment_id") references "payments" ("id") on delete cascade;`);
    this.addSql(`alter table "book_credits" add constraint "book_credits_status_check" check ("status" in ('available', 'reserved', 'spent'));`);

    this.addSql(`create table "elite_project_details" ("id" uuid not null, "user_id" uuid null, "payment_id" uuid not null, "name" varchar(255) not null, "email" varchar(255) not null, "book_topic" varchar(255) not null, "book_description" text not null, "timeline" varchar(255) null, "additional_notes" text null, "hidden" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "elite_project_details_payment_id_index" on "elite_project_details" ("payment_id");`);
    this.addSql(`alter table "elite_project_details" add constraint "elite_project_details_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "elite_project_details" add constraint "elite_project_details_payment_id_foreign" foreign key ("payment_id") references "payments" ("id") on delete cascade;`);

    // One row per message sent: a retried activity or a replayed event never mails twice.
    this.addSql(`create table "mail_deliveries" ("key" varchar(255) not null, "recipient" varchar(255) not null, "subject" varchar(255) not null, "sent_at" timestamptz not null, primary key ("key"));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "mail_deliveries";`);
    this.addSql(`drop table if exists "elite_project_details";`);
    this.addSql(`drop table if exists "book_credits";`);
    this.addSql(`drop table if exists "payments";`);
    this.addSql(`drop table if exists "stripe_events";`);
    this.addSql(`drop table if exists "checkout_sessions";`);
  }
}
