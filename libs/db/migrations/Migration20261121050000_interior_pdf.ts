import { Migration } from '@mikro-orm/migrations';

export class Migration20261121050000_interior_pdf extends Migration {
  override up(): void {
    this.addSql(`alter table "generator_projects" add "pdf_key" varchar(255) null, add "pdf_size" int null, add "page_count" int null, add "built_at" timestamptz null;`);
  }

  override down(): void {
    this.addSql(`alter table "generator_projects" drop column "pdf_key", drop column "pdf_size", drop column "page_count", drop column "built_at";`);
  }
}
