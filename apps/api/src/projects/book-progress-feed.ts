import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import type { Config } from '../../../../libs/config/index.ts';
import { BOOK_PROGRESS_CHANNEL } from '../../../../libs/db/index.ts';
import { CONFIG } from '../config/config.module.ts';

/**
 * Changes of books' progress rows as PostgreSQL announces them (LISTEN on the channel the row's trigger notifies), so
 * a stream on any API replica hears a change the moment an activity writes it. One connection per replica, opened when
 * the first stream follows a book and opened again after it drops; streams keep a slow poll of the row besides.
 */
@Injectable()
export class BookProgressFeed implements OnApplicationShutdown {
  private readonly logger = new Logger(BookProgressFeed.name);
  private readonly followers = new Map<string, Set<() => void>>();
  private listening: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(@Inject(CONFIG) private readonly config: Config) {}

  /** Calls `changed` after each change of the book's progress row until the returned function is called. */
  follow(projectId: string, changed: () => void): () => void {
    let set = this.followers.get(projectId);
    if (!set) this.followers.set(projectId, (set = new Set()));
    set.add(changed);
    this.listen().catch((error: unknown) => this.logger.warn(`book progress: not listening (${(error as Error).message}); streams poll`));
    return () => {
      set.delete(changed);
      if (set.size === 0) this.followers.delete(projectId);
    };
  }

  /** Resolves once the connection listens (a stream waits for it before reading, so no change falls in between). */
  listen(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('shutting down'));
    if (this.listening) return this.listening;
    const client = new pg.Client({ connectionString: this.config.DATABASE_URL });
    const drop = () => {
      if (this.listening === listening) this.listening = null;
    };
    client.on('notification', ({ payload }) => {
      for (const changed of [...(this.followers.get(payload ?? '') ?? [])]) changed();
    });
    client.on('error', (error) => {
      this.logger.warn(`book progress: connection lost (${error.message})`);
      drop();
      void client.end().catch(() => undefined);
    });
    client.on('end', drop);
    const listening = (async () => {
      await client.connect();
      await client.query(`listen ${BOOK_PROGRESS_CHANNEL}`);
      return client;
    })();
    this.listening = listening;
    listening.catch(() => {
      drop();
      void client.end().catch(() => undefined);
    });
    return listening;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    const listening = this.listening;
    this.listening = null;
    if (listening) await listening.then((client) => client.end()).catch(() => undefined);
  }
}
