import { Migration } from '@mikro-orm/migrations';

export class Migration20261121080000_chapter_count extends Migration {
  override up(): void {
    this.addSql(`alter table "generator_projects" add "chapter_count" int null;`);
  }

  override down(): void {
    this.addSql(`alter table "generator_projects" drop column "chapter_count";`);
  }
}
