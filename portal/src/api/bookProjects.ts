import type { BookProjectDeleted, BookProjectView, SaveBookRequest, ShopSettingsRequest } from '../../../libs/contracts/index.ts';
import { ProjectMessages } from '../../../libs/domain/index.ts';
import { apiFetch, ApiError } from './client.ts';

export type { BookProjectView };

export async function fetchBookProjects(): Promise<BookProjectView[]> {
  try {
    return await apiFetch<BookProjectView[]>('/api/book-projects');
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) throw error;
    throw new Error(ProjectMessages.fetchFailed, { cause: error });
  }
}

export const deleteBookProject = (id: string) => apiFetch<BookProjectDeleted>(`/api/book-projects/${id}`, { method: 'DELETE' });

export const updateShopSettings = (id: string, settings: ShopSettingsRequest) =>
  apiFetch<BookProjectView>(`/api/book-projects/${id}/shop`, { method: 'PATCH', body: JSON.stringify(settings) });

export const saveBook = (projectId: string, source: string) =>
  apiFetch<BookProjectView>('/api/book-projects', { method: 'POST', body: JSON.stringify({ project_id: projectId, source } satisfies SaveBookRequest) });
