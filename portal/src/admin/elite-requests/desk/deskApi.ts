import type {
  BookImageView,
  ChapterCompareResponse,
  ChapterVersionsResponse,
  EditableChapterView,
  EliteDeskBookView,
  OwnCoverAnswer,
  UpdateChapterRequest,
} from '../../../../../libs/contracts/index.ts';
import { apiFetch } from '../../../api/client.ts';
import { postBookImage } from '../../../api/editing.ts';
import type { ChapterApi } from '../../../components/chapters/chapterApi.ts';

const bookPath = (requestId: string) => `/api/admin/elite-requests/${requestId}/book`;
const chapterPath = (requestId: string, n: number) => `${bookPath(requestId)}/chapters/${n}`;
const json = (method: string, body: unknown = {}): RequestInit => ({ method, body: JSON.stringify(body) });

/** The request's book for the desk, and its cover upload (the author's own-cover rules, on the server). */
export const desk = {
  book: (requestId: string) => apiFetch<EliteDeskBookView>(bookPath(requestId)),
  uploadCover: (requestId: string, file: File) => {
    const form = new FormData();
    form.append('image', file);
    return apiFetch<OwnCoverAnswer>(`${bookPath(requestId)}/cover-image`, { method: 'POST', body: form });
  },
  manuscriptUrl: (requestId: string, format: string) => `${bookPath(requestId)}/manuscript/${format}`,
};

/**
 * The chapter workspace's calls for the team: the same editor as the author's, through the request's routes (the
 * project id the workspace passes names the book for its caches only). Images are added as in the author's editor.
 */
export function teamChapterApi(requestId: string): ChapterApi {
  return {
    assistant: false,
    chapter: (_id, n) => apiFetch<EditableChapterView>(chapterPath(requestId, n)),
    save: (_id, n, body: UpdateChapterRequest) => apiFetch<EditableChapterView>(chapterPath(requestId, n), json('PUT', body)),
    versions: (_id, n) => apiFetch<ChapterVersionsResponse>(`${chapterPath(requestId, n)}/versions`),
    compare: (_id, n, a, b) => apiFetch<ChapterCompareResponse>(`${chapterPath(requestId, n)}/versions/compare?${new URLSearchParams({ a, b }).toString()}`),
    restore: (_id, n, versionId, baseVersion) =>
      apiFetch<EditableChapterView>(`${chapterPath(requestId, n)}/versions/${versionId}/restore`, json('POST', baseVersion === undefined ? {} : { base_version: baseVersion })),
    images: () => apiFetch<BookImageView[]>(`${bookPath(requestId)}/images`),
    uploadImage: (_id, file, description) => postBookImage(`${bookPath(requestId)}/images`, file, description),
  };
}
