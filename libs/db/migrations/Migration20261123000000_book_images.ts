import { Migration } from '@mikro-orm/migrations';

/** Images the author uploads into a book's chapters. */
export class Migration20261123000000_book_images extends Migration {
  override up(): void {
    this.addSql(`create table "book_images" ("id" uuid not null, "project_id" uuid not null, "key" varchar(255) not null, "content_type" text not null, "filename" varchar(255) not null, "size" int not null, "width" int not null, "height" int not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "book_images_project_id_index" on "book_images" ("project_id");`);
    this.addSql(`alter table "book_images" add constraint "book_images_project_id_foreign" foreign key ("project_id") references "generator_projects" ("id") on delete cascade;`);
    this.addSql(`alter table "book_images" add constraint "book_images_content_type_check" check ("content_type" in ('image/png', 'image/jpeg'));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "book_images";`);
  }
}
