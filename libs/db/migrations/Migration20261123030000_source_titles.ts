import { Migration } from '@mikro-orm/migrations';

export class Migration20261123030000_source_titles extends Migration {
  override up(): void {
    this.addSql(`alter table "source_files" add "title" text null;`);
  }

  override down(): void {
    this.addSql(`alter table "source_files" drop column "title";`);
  }
}
