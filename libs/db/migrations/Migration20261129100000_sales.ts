import { Migration } from '@mikro-orm/migrations';

/** Selling from the shop (issue 30): sales, the print edition's price, and payments, sessions and print orders of a sale. */
export class Migration20261129100000_sales extends Migration {
  override up(): void {
    this.addSql(`create table "sales" ("id" uuid not null, "book_id" uuid null, "author_id" uuid null, "book_title" varchar(255) not null, "book_author" varchar(255) not null, "buyer_email" varchar(255) not null, "buyer_id" uuid null, "edition" text not null, "quantity" int not null, "files" jsonb not null, "pod_package_id" varchar(255) null, "page_count" int null, "price_cents" int not null, "unit_price_cents" int not null, "shipping_cents" int not null default 0, "tax_cents" int not null default 0, "stripe_fee_cents" int not null default 0, "print_cost_cents" int not null default 0, "earnings_cents" int not null default 0, "currency" varchar(255) not null, "status" text not null default 'awaiting_payment', "shipping_address" jsonb null, "shipping_level" text null, "print_order_id" uuid null, "checkout_session_id" varchar(255) null, "paid_at" timestamptz null, "delivered_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "sales_book_id_index" on "sales" ("book_id");`);
    this.addSql(`create index "sales_author_id_index" on "sales" ("author_id");`);
    this.addSql(`create index "sales_buyer_email_index" on "sales" ("buyer_email");`);
    this.addSql(`create index "sales_buyer_id_index" on "sales" ("buyer_id");`);
    this.addSql(`alter table "sales" add constraint "sales_checkout_session_id_unique" unique ("checkout_session_id");`);
    this.addSql(`alter table "sales" add constraint "sales_book_id_foreign" foreign key ("book_id") references "book_projects" ("id") on delete set null;`);
    this.addSql(`alter table "sales" add constraint "sales_author_id_foreign" foreign key ("author_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "sales" add constraint "sales_buyer_id_foreign" foreign key ("buyer_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "sales" add constraint "sales_edition_check" check ("edition" in ('ebook', 'print'));`);
    this.addSql(`alter table "sales" add constraint "sales_status_check" check ("status" in ('awaiting_payment', 'paid', 'delivered', 'printing', 'shipped', 'cancelled', 'expired'));`);
    this.addSql(`alter table "sales" add constraint "sales_shipping_level_check" check ("shipping_level" in ('MAIL', 'PRIORITY_MAIL', 'GROUND', 'EXPEDITED', 'EXPRESS'));`);

    this.addSql(`alter table "book_projects" add "shop_print_price" numeric(10,2) null;`);
    this.addSql(`alter table "checkout_sessions" add "sale_id" uuid null;`);
    this.addSql(`alter table "payments" add "sale_id" uuid null;`);
    this.addSql(`create index "payments_sale_id_index" on "payments" ("sale_id");`);
    // A sale's copies belong to the sale, not to an author's Print Orders.
    this.addSql(`alter table "print_orders" add "sale_id" uuid null;`);
    this.addSql(`alter table "print_orders" alter column "user_id" drop not null;`);
    this.addSql(`create index "print_orders_sale_id_index" on "print_orders" ("sale_id");`);
    this.addSql(`alter table "unasked_mails" drop constraint "unasked_mails_kind_check";`);
    this.addSql(`alter table "unasked_mails" add constraint "unasked_mails_kind_check" check ("kind" in ('recover', 'confirm', 'resend', 'code', 'email-change', 'download-links'));`);
  }

  override down(): void {
    this.addSql(`delete from "unasked_mails" where "kind" = 'download-links';`);
    this.addSql(`alter table "unasked_mails" drop constraint "unasked_mails_kind_check";`);
    this.addSql(`alter table "unasked_mails" add constraint "unasked_mails_kind_check" check ("kind" in ('recover', 'confirm', 'resend', 'code', 'email-change'));`);
    this.addSql(`delete from "print_orders" where "user_id" is null;`);
    this.addSql(`alter table "print_orders" alter column "user_id" set not null, drop column "sale_id";`);
    this.addSql(`alter table "payments" drop column "sale_id";`);
    this.addSql(`alter table "checkout_sessions" drop column "sale_id";`);
    this.addSql(`alter table "book_projects" drop column "shop_print_price";`);
    this.addSql(`drop table if exists "sales" cascade;`);
  }
}
