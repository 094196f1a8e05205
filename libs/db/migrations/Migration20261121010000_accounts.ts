import { Migration } from '@mikro-orm/migrations';

export class Migration20261121010000_accounts extends Migration {
  override up(): void {
    this.addSql(`create table "users" ("id" uuid not null, "email" varchar(255) null, "phone" varchar(255) null, "password_hash" text null, "email_verified" boolean not null default false, "google_subject" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`alter table "users" add constraint "users_phone_unique" unique ("phone");`);
    this.addSql(`alter table "users" add constraint "users_google_subject_unique" unique ("google_subject");`);

    this.addSql(`create table "profiles" ("id" uuid not null, "email" varchar(255) null, "role" text not null default 'user', "subscription_status" varchar(255) not null default 'free', "books_generated" int not null default 0, "total_api_calls" int not null default 0, "total_cost" numeric(12,4) not null default 0, "auth_provider" text not null default 'email', "onboarding_completed" boolean not null default false, "marketing_emails_enabled" boolean not null default true, "full_name" varchar(255) null, "phone" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "profiles" add constraint "profiles_id_foreign" foreign key ("id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "profiles" add constraint "profiles_role_check" check ("role" in ('user', 'elite_team', 'admin'));`);
    this.addSql(`alter table "profiles" add constraint "profiles_auth_provider_check" check ("auth_provider" in ('email', 'google'));`);

    this.addSql(`create table "auth_sessions" ("id" uuid not null, "user_id" uuid not null, "created_at" timestamptz not null, "refreshed_at" timestamptz null, "revoked_at" timestamptz null, "revoked_reason" varchar(255) null, primary key ("id"));`);
    this.addSql(`create index "auth_sessions_user_id_index" on "auth_sessions" ("user_id");`);
    this.addSql(`alter table "auth_sessions" add constraint "auth_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create table "refresh_tokens" ("id" uuid not null, "session_id" uuid not null, "token_hash" varchar(255) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "refresh_tokens_session_id_index" on "refresh_tokens" ("session_id");`);
    this.addSql(`alter table "refresh_tokens" add constraint "refresh_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "refresh_tokens" add constraint "refresh_tokens_session_id_foreign" foreign key ("session_id") references "auth_sessions" ("id") on delete cascade;`);

    // Counters of the sign-in/sign-up rate limits (rate-limiter-flexible's table layout), shared by every API replica.
    this.addSql(`create table "rate_limits" ("key" varchar(255) primary key, "points" integer not null default 0, "expire" bigint);`);
  }

  override down(): void {
    this.addSql(`drop table if exists "rate_limits";`);
    this.addSql(`drop table if exists "refresh_tokens";`);
    this.addSql(`drop table if exists "auth_sessions";`);
    this.addSql(`drop table if exists "profiles";`);
    this.addSql(`drop table if exists "users";`);
  }
}
