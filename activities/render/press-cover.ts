import { loadCoverFront } from '../../libs/book-images/index.ts';
import type { GeneratorProject } from '../../libs/db/index.ts';
import type { PrintProduct } from '../../libs/domain/index.ts';
import { pressCoverInput, productCover } from '../../libs/render/book-cover.ts';
import { typesetCover } from '../../libs/render/pool.ts';
import type { StorageService } from '../../libs/storage/index.ts';

/**
 * The cover the press prints for a product of the book, into its own file `key` (a print order's, an Elite proof's, a
 * files check's): drawn from the book's design and the author's front for the product's trim, paper and the page
 * count, or the author's own full-wrap PDF as it is, for preflight to judge. The book's own cover is never touched.
 */
export async function drawPressCover(storage: StorageService, project: GeneratorProject, product: PrintProduct, pageCount: number, key: string): Promise<void> {
  if (project.coverUpload?.kind === 'wrap') return storage.copy(project.coverUpload.key, key);
  const { pdf } = await typesetCover(pressCoverInput(project, { ...productCover(product), pageCount }, await loadCoverFront(storage, project)), { png: false });
  await storage.put(key, pdf, 'application/pdf', pdf.length);
}
