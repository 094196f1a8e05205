import type {
  AssistRequest,
  AssistView,
  BookSettingsRequest,
  BuildRequest,
  BookImageView,
  BuildStatus,
  ChapterCompareResponse,
  ChapterVersionDetail,
  ChapterVersionsResponse,
  EditableChapterView,
  OwnCoverAnswer,
  ProjectView,
  RemovedChaptersResponse,
  UpdateChapterRequest,
} from '../../../libs/contracts/index.ts';
import { BOOK_FORMATS, EditingMessages, PACKAGE_FORMATS, type PackageFormat } from '../../../libs/domain/index.ts';
import { ApiError, apiFetch } from './client.ts';
import { sleep } from './projects.ts';

/** The author's editing API (document 2, §7.3): chapters, their versions and the AI Writing Assistant. */
export type { AssistView, BookImageView, ChapterCompareResponse, ChapterVersionView, EditableChapterView } from '../../../libs/contracts/index.ts';

const chapterPath = (id: string, n: number) => `/api/projects/${id}/chapters/${n}`;
const json = (method: string, body: unknown = {}): RequestInit => ({ method, body: JSON.stringify(body) });

/** An image into a book with its description: the author's editor and the Elite team's desk post the same form. */
export function postBookImage(path: string, file: File, description: { alt: string; decorative: boolean }) {
  const form = new FormData();
  form.append('image', file);
  if (description.decorative) form.append('decorative', 'true');
  else form.append('alt', description.alt);
  return apiFetch<BookImageView>(path, { method: 'POST', body: form });
}

export const editing = {
  chapter: (id: string, n: number) => apiFetch<EditableChapterView>(chapterPath(id, n)),
  save: (id: string, n: number, body: UpdateChapterRequest) => apiFetch<EditableChapterView>(chapterPath(id, n), json('PUT', body)),
  versions: (id: string, n: number) => apiFetch<ChapterVersionsResponse>(`${chapterPath(id, n)}/versions`),
  version: (id: string, n: number, versionId: string) => apiFetch<ChapterVersionDetail>(`${chapterPath(id, n)}/versions/${versionId}`),
  compare: (id: string, n: number, a: string, b: string) =>
    apiFetch<ChapterCompareResponse>(`${chapterPath(id, n)}/versions/compare?${new URLSearchParams({ a, b }).toString()}`),
  restore: (id: string, n: number, versionId: string, baseVersion?: number) =>
    apiFetch<EditableChapterView>(`${chapterPath(id, n)}/versions/${versionId}/restore`, json('POST', baseVersion === undefined ? {} : { base_version: baseVersion })),
  removed: (id: string) => apiFetch<RemovedChaptersResponse>(`/api/projects/${id}/removed-chapters`),
  putBack: (id: string, key: number) => apiFetch<EditableChapterView>(`/api/projects/${id}/removed-chapters/${key}/put-back`, json('POST')),
  assist: (id: string, n: number, body: AssistRequest) => apiFetch<AssistView>(`${chapterPath(id, n)}/assist`, json('POST', body)),
  assistStatus: (id: string, assistId: string) => apiFetch<AssistView>(`/api/projects/${id}/assist/${assistId}`),
  discard: (id: string, assistId: string) => apiFetch<AssistView>(`/api/projects/${id}/assist/${assistId}/discard`, json('POST')),
  images: (id: string) => apiFetch<BookImageView[]>(`/api/projects/${id}/images`),
  uploadImage: (id: string, file: File, description: { alt: string; decorative: boolean }) => postBookImage(`/api/projects/${id}/images`, file, description),
  /** The author's own front cover: the book's cover is drawn again around it. */
  uploadCover: (id: string, file: File) => {
    const form = new FormData();
    form.append('image', file);
    return apiFetch<OwnCoverAnswer>(`/api/projects/${id}/cover-image`, { method: 'POST', body: form });
  },
  removeCover: (id: string) => apiFetch<void>(`/api/projects/${id}/cover-image`, { method: 'DELETE' }),
  /** The book's settings (its language, trim and paper); answers the book as GET /api/projects/{id} does. */
  settings: (id: string, body: BookSettingsRequest) => apiFetch<ProjectView>(`/api/projects/${id}/settings`, json('PATCH', body)),
  rebuild: (id: string, formats: PackageFormat[]) => apiFetch<BuildStatus>(`/api/projects/${id}/build`, json('POST', { formats } satisfies BuildRequest)),
};

/** How often the assistant's change is read while it is being written, and for how long at most. */
const ASSIST_POLL_MS = 1000;
const ASSIST_TIMEOUT_MS = 5 * 60_000;

/** Reads the assistant's change until it is ready (or failed, or closed), from the answer that started it. */
export async function waitForAssist(id: string, first: AssistView, signal?: AbortSignal): Promise<AssistView> {
  const deadline = Date.now() + ASSIST_TIMEOUT_MS;
  let view = first;
  while (view.status === 'running') {
    if (Date.now() > deadline) throw new Error('The assistant took too long: try again');
    await sleep(ASSIST_POLL_MS);
    if (signal?.aborted) return view;
    view = await editing.assistStatus(id, view.id);
  }
  return view;
}

/** Why a save was refused: someone saved after this edit began, the book is being written, or anything else. */
export type SaveProblem = { kind: 'stale' | 'busy' | 'other'; message: string };
export function saveProblem(error: unknown): SaveProblem {
  const message = (error as Error).message || 'An error occurred';
  if (error instanceof ApiError && error.status === 409 && message === EditingMessages.stale) return { kind: 'stale', message };
  if (error instanceof ApiError && error.status === 409 && message === EditingMessages.busy) return { kind: 'busy', message };
  return { kind: 'other', message };
}

/** The files a rebuild makes again: the formats the book has files of, its cover among them. */
export function rebuildFormats(downloads: Partial<Record<string, string>>): PackageFormat[] {
  // The cover too: its spine follows the page count, and its size the trim.
  const built = PACKAGE_FORMATS.filter((format) => downloads[format === 'cover' ? 'cover-pdf' : format]);
  return built.length ? built : [...BOOK_FORMATS];
}
