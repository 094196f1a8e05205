import { Injectable } from '@nestjs/common';
import type { ValidatePrintResponse } from '../../../../libs/contracts/index.ts';
import { PrintMessages, printProduct, type PrintProduct } from '../../../../libs/domain/index.ts';
import { pdfFactsOf, PreflightMessages, preflightProblems, type PdfFacts } from '../../../../libs/print/preflight.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { PackagingService } from '../projects/projects.module.ts';
import { PrintOrdersService } from './print-orders.service.ts';
import { PrintQuoteService } from './print-quote.service.ts';
import type { ValidatePrintDto } from './print.dto.ts';

/** Print files larger than this are not fetched for preflight (Lulu's own upload limit is far below it). */
const MAX_PRINT_PDF_BYTES = 1024 * 1024 * 1024;
/** How long the provider may read the files through their presigned links during its validation. */
const PROVIDER_LINK_SECONDS = 2 * 3600;

export interface PrintFiles {
  interiorKey: string;
  coverKey: string;
}

/**
 * POST /api/print/validate: our preflight (libs/print/preflight.ts) over local copies of the book's PDFs, then, when
 * ours finds nothing wrong, the provider's own validation through presigned links.
 */
@Injectable()
export class PrintPreflightService {
  constructor(
    private readonly storage: StorageService,
    private readonly quotes: PrintQuoteService,
    private readonly orders: PrintOrdersService,
    private readonly packaging: PackagingService,
  ) {}

  /** A saved book of the caller, with the cover an order of the product would print (drawn from the book's design for it). */
  async validateBook(dto: ValidatePrintDto, user: AuthUser): Promise<ValidatePrintResponse> {
    const book = await this.orders.book(dto.book_project_id, user);
    const product = printProduct(dto.pod_package_id) as PrintProduct;
    const { interiorKey } = this.orders.printFiles(book);
    this.orders.checkFits(product, book);
    const coverKey = await this.packaging.productCover(book.generatorProject, product.spec.pod_package_id);
    return this.validate(product, { interiorKey, coverKey });
  }

  async validate(product: PrintProduct, files: PrintFiles): Promise<ValidatePrintResponse> {
    const interior = await this.facts(files.interiorKey, PreflightMessages.interiorUnreadable);
    const cover = await this.facts(files.coverKey, PreflightMessages.coverUnreadable);
    const unreadable = [interior, cover].filter((f): f is string => typeof f === 'string');
    const ours = unreadable.length ? { errors: unreadable, warnings: [], suggestions: [] } : preflightProblems(product, interior as PdfFacts, cover as PdfFacts);
    const pageCount = typeof interior === 'string' ? null : interior.pages;
    // Files we refuse are not sent to the provider; `source` then names the provider that would have checked them.
    if (ours.errors.length || pageCount === null) return { isValid: false, ...ours, page_count: pageCount, source: this.quotes.provider.source };

    const { value, source } = await this.quotes.sourced(
      async (provider) =>
        provider.validateFiles({
          podPackageId: product.spec.pod_package_id,
          pageCount,
          interiorUrl: await this.storage.presignedGetUrl(files.interiorKey, PROVIDER_LINK_SECONDS),
          coverUrl: await this.storage.presignedGetUrl(files.coverKey, PROVIDER_LINK_SECONDS),
        }),
      PrintMessages.validateFailed,
    );
    const errors = [...ours.errors, ...(value.status === 'invalid' && !value.errors.length ? [PreflightMessages.providerRefused] : value.errors)];
    const warnings = [...ours.warnings, ...(value.status === 'pending' ? [PreflightMessages.providerPending] : [])];
    return { isValid: errors.length === 0, errors, warnings, suggestions: ours.suggestions, page_count: pageCount, source };
  }

  /** The PDF's facts, or the sentence saying it cannot be read (missing, too large, not a PDF). */
  private async facts(key: string, unreadable: string): Promise<PdfFacts | string> {
    const stored = await this.storage.stat(key);
    if (!stored || stored.size > MAX_PRINT_PDF_BYTES) return unreadable;
    return (await pdfFactsOf(await this.storage.getStream(key))) ?? unreadable;
  }
}
