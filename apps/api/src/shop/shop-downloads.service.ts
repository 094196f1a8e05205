import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { GoneException, Inject, Injectable, Logger, NotFoundException, type OnModuleDestroy } from '@nestjs/common';
import type { Response } from 'express';
import type { Config } from '../../../../libs/config/index.ts';
import type { LibraryItemView } from '../../../../libs/contracts/index.ts';
import { reserveUnaskedMail, Sale, User } from '../../../../libs/db/index.ts';
import { BOOK_FILES, downloadName, EBOOK_FORMATS, normalizeEmail, SaleMessages, type EbookFormat } from '../../../../libs/domain/index.ts';
import { downloadLinkKey, ebookDownloads, readDownloadToken } from '../../../../libs/sales/download-links.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { sendObject } from '../common/project-files.ts';
import { CONFIG } from '../config/config.module.ts';
import { SaleWorkflowService } from '../sales/sales.module.ts';
import { shopBookBase } from './shop.view.ts';

/** An e-book sale whose files are the buyer's: paid (its links mailed) or delivered. */
const OWNED = { edition: 'ebook', status: { $in: ['paid', 'delivered'] } } as const;
/** Sales one resend mails links for at most (newest first). */
const RESEND_LIMIT = 20;

/**
 * What an e-book buyer holds: signed, expiring links to the sale's own files (they work whatever became of the book),
 * fresh links by mail on request, and, signed in, a library of what they bought.
 */
@Injectable()
export class ShopDownloadsService implements OnModuleDestroy {
  private readonly logger = new Logger(ShopDownloadsService.name);
  private readonly key: string;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    @Inject(CONFIG) config: Config,
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    private readonly door: SaleWorkflowService,
  ) {
    this.key = downloadLinkKey(config);
  }

  /** Streams the format a valid link names; a forged link is 404 and an expired one 410, each saying how to get a new one. */
  async send(res: Response, token: string, format: string): Promise<void> {
    const read = readDownloadToken(this.key, token);
    if (read === 'expired') throw new GoneException(SaleMessages.linkExpired);
    if (read === 'invalid' || !(EBOOK_FORMATS as readonly string[]).includes(format)) throw new NotFoundException(SaleMessages.linkInvalid);
    const sale = await this.em.fork().findOne(Sale, { id: read.saleId, ...OWNED });
    const key = sale?.files[format as EbookFormat];
    if (!sale || !key) throw new NotFoundException(SaleMessages.linkInvalid);
    await sendObject(res, this.storage, key, { type: BOOK_FILES[format as EbookFormat].type, name: downloadName(sale.bookTitle, format as EbookFormat) });
  }

  /**
   * Mails fresh links for every e-book the address bought, once the request is answered (the answer is the same
   * whether or not it bought anything). The address's cap of mail nobody asked for holds (UNASKED_MAIL_CAPS).
   */
  resend(email: string): void {
    const work: Promise<void> = this.mailLinks(normalizeEmail(email))
      .catch((error: unknown) => this.logger.error(`resending download links failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  private async mailLinks(email: string): Promise<void> {
    const em = this.em.fork();
    const sales = await em.find(Sale, { buyerEmail: email, ...OWNED }, { orderBy: { paidAt: 'desc' }, limit: RESEND_LIMIT });
    if (!sales.length) return;
    if ((await reserveUnaskedMail(em, 'download-links', [email])) !== null) return;
    const resendId = randomUUID();
    for (const sale of sales) await this.door.mailLinks(sale.id, resendId);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.inFlight);
  }

  /** The signed-in buyer's e-books: bought while signed in, or with their address once it is confirmed. */
  async library(user: AuthUser): Promise<LibraryItemView[]> {
    const em = this.em.fork();
    const account = await em.findOne(User, { id: user.id });
    const mine = account?.email && account.emailVerified ? [{ buyer: user.id }, { buyerEmail: normalizeEmail(account.email) }] : [{ buyer: user.id }];
    const sales = await em.find(Sale, { $or: mine, ...OWNED }, { populate: ['book.generatorProject'], orderBy: { paidAt: 'desc' }, limit: 500 });
    return sales.map((sale) => {
      const book = sale.book;
      const onSale = book && book.publishedToShop && book.generatorProject.coverPngKey;
      return {
        sale_id: sale.id,
        book_id: book?.id ?? null,
        book_title: sale.bookTitle,
        book_author: sale.bookAuthor,
        cover_url: onSale ? `${shopBookBase(book.id)}/cover` : null,
        bought_at: (sale.paidAt ?? sale.createdAt).toISOString(),
        downloads: ebookDownloads(this.key, sale.id, Object.keys(sale.files)),
      };
    });
  }
}
