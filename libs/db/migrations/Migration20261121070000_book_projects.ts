import { Migration } from '@mikro-orm/migrations';

export class Migration20261121070000_book_projects extends Migration {
  override up(): void {
    this.addSql(`create table "book_projects" ("id" uuid not null, "user_id" uuid not null, "generator_project_id" uuid not null, "title" varchar(255) not null, "author" varchar(255) not null, "book_idea" text not null, "topic" text not null, "outline" jsonb not null, "toc_data" jsonb not null, "chapters_data" jsonb not null, "cover_pdf_template" varchar(255) null, "status" varchar(255) not null default 'complete', "generation_status" varchar(255) not null default 'completed', "word_count" int not null default 0, "page_count" int null, "writing_style" varchar(255) not null, "target_audience" varchar(255) null, "estimated_length" int null, "source" varchar(255) not null, "published_to_shop" boolean not null default false, "published_at" timestamptz null, "shop_price" numeric(10,2) null, "shop_description" text null, "shop_category" varchar(255) not null default 'AI-Generated', "isbn" varchar(255) null, "completed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "book_projects_user_id_index" on "book_projects" ("user_id");`);
    this.addSql(`alter table "book_projects" add constraint "book_projects_generator_project_id_unique" unique ("generator_project_id");`);
    this.addSql(`alter table "generator_projects" add "docx_key" varchar(255) null, add "docx_size" int null, add "zip_key" varchar(255) null, add "zip_size" int null, add "preview_keys" jsonb null, add "cover_pdf_key" varchar(255) null, add "cover_pdf_size" int null, add "cover_png_key" varchar(255) null, add "cover_png_size" int null, add "cover_template" varchar(255) null, add "package_runs" int not null default 0, add "build_status" varchar(255) null, add "build_message" text null, add "build_error" text null;`);
    this.addSql(`alter table "book_projects" add constraint "book_projects_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "book_projects" add constraint "book_projects_generator_project_id_foreign" foreign key ("generator_project_id") references "generator_projects" ("id") on delete cascade;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "book_projects" cascade;`);
    this.addSql(`alter table "generator_projects" drop column "docx_key", drop column "docx_size", drop column "zip_key", drop column "zip_size", drop column "preview_keys", drop column "cover_pdf_key", drop column "cover_pdf_size", drop column "cover_png_key", drop column "cover_png_size", drop column "cover_template", drop column "package_runs", drop column "build_status", drop column "build_message", drop column "build_error";`);
  }
}
