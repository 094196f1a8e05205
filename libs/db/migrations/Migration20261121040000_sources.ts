import { Migration } from '@mikro-orm/migrations';

export class Migration20261121040000_sources extends Migration {
  override up(): void {
    this.addSql(`create table "source_files" ("id" uuid not null, "batch_id" uuid not null, "user_id" uuid null, "position" int not null, "filename" varchar(255) not null, "kind" varchar(255) not null, "size" int not null, "word_count" int not null, "object_key" varchar(255) not null, "text_key" varchar(255) not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "source_files_batch_id_index" on "source_files" ("batch_id");`);
    this.addSql(`alter table "generator_projects" add "source_batch_id" uuid null, add "references" jsonb null;`);
    this.addSql(`alter table "source_files" add constraint "source_files_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "source_files";`);
    this.addSql(`alter table "generator_projects" drop column "source_batch_id", drop column "references";`);
  }
}
