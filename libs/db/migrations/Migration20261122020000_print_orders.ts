import { Migration } from '@mikro-orm/migrations';

export class Migration20261122020000_print_orders extends Migration {
  override up(): void {
    this.addSql(`create table "print_orders" ("id" uuid not null, "user_id" uuid not null, "book_project_id" uuid null, "book_title" varchar(255) not null, "book_author" varchar(255) not null, "pod_package_id" varchar(255) not null, "quantity" int not null, "page_count" int null, "shipping_address" jsonb not null, "shipping_level" text not null, "contact_email" varchar(255) not null, "external_id" varchar(255) not null, "unit_cost" numeric(10,2) not null, "printing_cost" numeric(10,2) not null, "shipping_cost" numeric(10,2) not null, "tax" numeric(10,2) null, "total_cost" numeric(10,2) not null, "currency" varchar(255) not null, "cost_source" varchar(255) not null, "order_status" text not null default 'draft', "lulu_status" varchar(255) null, "lulu_job_id" varchar(255) null, "tracking_id" varchar(255) null, "carrier_name" varchar(255) null, "tracking_urls" jsonb not null default '[]', "error_message" text null, "interior_key" text null, "cover_key" text null, "payment_url" text null, "stripe_session_id" varchar(255) null, "pay_by" timestamptz null, "paid_at" timestamptz null, "shipped_at" timestamptz null, "history" jsonb not null default '[]', "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "print_orders_user_id_index" on "print_orders" ("user_id");`);
    this.addSql(`alter table "print_orders" add constraint "print_orders_external_id_unique" unique ("external_id");`);
    this.addSql(`alter table "print_orders" add constraint "print_orders_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "print_orders" add constraint "print_orders_book_project_id_foreign" foreign key ("book_project_id") references "book_projects" ("id") on delete set null;`);
    this.addSql(`alter table "print_orders" add constraint "print_orders_shipping_level_check" check ("shipping_level" in ('MAIL', 'PRIORITY_MAIL', 'GROUND', 'EXPEDITED', 'EXPRESS'));`);
    this.addSql(`alter table "print_orders" add constraint "print_orders_order_status_check" check ("order_status" in ('draft', 'validating', 'unpaid', 'paid', 'submitted', 'processing', 'production', 'shipped', 'delivered', 'failed', 'error', 'cancelled'));`);

    this.addSql(`create table "notifications" ("id" uuid not null, "user_id" uuid not null, "type" varchar(255) not null, "data" jsonb not null, "created_at" timestamptz not null, "read_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "notifications_user_id_index" on "notifications" ("user_id");`);
    this.addSql(`alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    // A print order is paid through Checkout too: its session and payment name the order instead of an offer.
    for (const table of ['checkout_sessions', 'payments']) {
      this.addSql(`alter table "${table}" alter column "product_id" drop not null, add "print_order_id" uuid null;`);
    }
    this.addSql(`create index "payments_print_order_id_index" on "payments" ("print_order_id");`);
  }

  override down(): void {
    this.addSql(`drop index "payments_print_order_id_index";`);
    for (const table of ['checkout_sessions', 'payments']) {
      this.addSql(`delete from "${table}" where "product_id" is null;`);
      this.addSql(`alter table "${table}" drop column "print_order_id", alter column "product_id" set not null;`);
    }
    this.addSql(`drop table if exists "notifications";`);
    this.addSql(`drop table if exists "print_orders";`);
  }
}
