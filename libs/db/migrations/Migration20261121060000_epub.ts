import { Migration } from '@mikro-orm/migrations';

export class Migration20261121060000_epub extends Migration {
  override up(): void {
    this.addSql(`alter table "generator_projects" add "epub_key" varchar(255) null, add "epub_size" int null;`);
  }

  override down(): void {
    this.addSql(`alter table "generator_projects" drop column "epub_key", drop column "epub_size";`);
  }
}
