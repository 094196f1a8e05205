// Real rows of every kind an API route names by id, made for one signed-in author (and an admin for the back
// office), so that a test sending these ids gets past each route's lookup and ownership check to its work.
import type { Config } from '../libs/config/index.ts';
import { BookProject, ChapterVersion } from '../libs/db/index.ts';
import { bookRequestWorkflowId, bookWorkflowId, eliteWorkflowId, printOrderWorkflowId, PRODUCTS } from '../libs/domain/index.ts';
import type { printOrderWorkflow } from '../workflows/print-order/workflow.ts';
import { pngOf } from './book-images.ts';
import { insertEliteRequest, startEliteRequest } from './elite-requests.ts';
import type { Engine } from './index.ts';
import { insertPrintOrder } from './print-orders.ts';
import { insertPayment } from './purchases.ts';
import { insertSavedBook } from './saved-books.ts';
import { apiClient } from './test-server.ts';
import { insertWrittenBook } from './written-books.ts';

export interface RealIds {
  author: { id: string; email: string; token: string };
  admin: { token: string };
  /** A written book with two chapters (each at version 1) and an image. */
  project: string;
  chapterVersion: string;
  image: string;
  /** A saved book with its interior and cover in storage; the Elite request is about it. */
  book: string;
  /**
   * The generator project, with its files, of a saved book no author route in a run names (the back office's books):
   * not `book`'s, which the author's routes may delete before the back office reads it.
   */
  builtProject: string;
  /** Another saved book of the author, published to the shop. */
  shopBook: string;
  /** A draft print order whose run waits for its payment. */
  printOrder: string;
  /** A request for a quote whose `elite-<id>` run is started, as the API starts it. */
  eliteRequest: string;
  bookRequest: string;
  payment: string;
  /** An account the back office may change (not the author's, whose session the caller keeps). */
  otherUser: string;
}

/** Makes the rows through the API where it is cheap (uploads, publishing, requests), straight in the database otherwise. */
export async function seedRealIds(served: { readonly url: string; readonly engine: Engine }, config: Readonly<Config>): Promise<RealIds> {
  const { call, signUpAccount, signUpAs } = apiClient(() => served.url);
  const { orm, storage } = served.engine.deps;
  const author = await signUpAccount();
  const email = (await call('GET', '/profile', undefined, author.token)).body.email as string;
  const admin = await signUpAs('admin', config.DATABASE_URL);
  const otherUser = (await signUpAccount()).id;

  const project = await insertWrittenBook(orm, {
    userId: author.id,
    chapters: [
      { title: 'Trust', content: 'Trust grows when context is shared early.' },
      { title: 'Rituals', content: 'Weekly rituals give a team its rhythm.' },
    ],
  });
  const versions = await orm.em.fork().find(ChapterVersion, { project }, { orderBy: { chapter: 'asc' } });
  const image = await uploadImage(served.url, author.token, project);

  const book = await insertSavedBook({ orm, storage }, author.id);
  const backOfficeBook = await insertSavedBook({ orm, storage }, author.id, { title: 'In the Back Office' });
  const builtProject = (await orm.em.fork().findOneOrFail(BookProject, { id: backOfficeBook })).generatorProject.id;
  const shopBook = await insertSavedBook({ orm, storage }, author.id, { title: 'On the Shelf' });
  const published = await call('PATCH', `/book-projects/${shopBook}/shop`, { published_to_shop: true }, author.token);
  if (published.status !== 200) throw new Error(`publishing to the shop answered ${published.status}: ${JSON.stringify(published.body)}`);

  const printOrder = await insertPrintOrder({ orm, storage }, { userId: author.id, contactEmail: email });
  await served.engine.client.workflow.start<typeof printOrderWorkflow>('printOrderWorkflow', { workflowId: printOrderWorkflowId(printOrder), taskQueue: config.TEMPORAL_TASK_QUEUE, args: [{ orderId: printOrder }] });

  const eliteRequest = await insertEliteRequest(orm, { id: author.id, email, role: 'author' }, { bookProjectId: book });
  await startEliteRequest({ engine: served.engine, config: config as Config }, eliteRequest, { prepaid: false, bookReady: true });

  const asked = await call('POST', '/book-requests', { name: 'Ada Writer', email, book_topic: 'A field guide to urban birds', book_description: 'Birds a city walker meets, by season.' }, author.token);
  if (asked.status !== 201) throw new Error(`the book request answered ${asked.status}: ${JSON.stringify(asked.body)}`);
  const payment = await insertPayment(config.DATABASE_URL, { userId: author.id, email, productId: PRODUCTS.aiBookGenerator.id });

  return {
    author: { ...author, email },
    admin: { token: admin },
    project,
    chapterVersion: (versions[0] as ChapterVersion).id,
    image,
    book,
    builtProject,
    shopBook,
    printOrder,
    eliteRequest,
    bookRequest: asked.body.id as string,
    payment,
    otherUser,
  };
}

async function uploadImage(url: string, token: string, projectId: string): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(pngOf(8, 8))], { type: 'image/png' }), 'garden.png');
  form.append('alt', 'Raised beds in June');
  const response = await fetch(`${url}/api/projects/${projectId}/images`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { id?: string; message?: string };
  if (response.status !== 201 || !body.id) throw new Error(`the image upload answered ${response.status}: ${JSON.stringify(body)}`);
  return body.id;
}

/** Ends the runs the rows started, so none waits on a task queue no worker serves any more. */
export async function stopRealIdRuns(engine: Engine, ids: RealIds): Promise<void> {
  const runs = [bookWorkflowId(ids.project), printOrderWorkflowId(ids.printOrder), eliteWorkflowId(ids.eliteRequest), bookRequestWorkflowId(ids.bookRequest)];
  // A run the requests already ended has nothing to terminate.
  await Promise.all(runs.map((id) => engine.client.workflow.getHandle(id).terminate('fuzzing over').catch(() => undefined)));
}
