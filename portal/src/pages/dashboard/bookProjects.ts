import { ProjectMessages } from '../../../../libs/domain/index.ts';
import { apiFetch, ApiError } from '../../api/client.ts';

export interface BookProjectView {
  id: string;
  project_id: string;
  title: string;
  author: string;
  book_idea: string;
  chapters_data: { chapterNumber: number; title: string; word_count: number }[];
  toc_data: unknown[];
  pdf_blob_url: string | null;
  cover_blob_url: string | null;
  cover_png_url: string | null;
  quarto_project_url: string | null;
  epub_url: string | null;
  docx_url: string | null;
  previews: { page_count: number | null; pages: { page: number; url: string }[]; cover: string | null };
  cover_pdf_template: string | null;
  status: string;
  generation_status: string;
  word_count: number;
  page_count: number | null;
  estimated_length: number | null;
  published_to_shop: boolean;
  published_at: string | null;
  shop_price: number | null;
  shop_description: string | null;
  shop_category: string;
  isbn: string | null;
  completed_at: string | null;
  created_at: string;
}

export interface ShopSettings {
  published_to_shop?: boolean;
  shop_price?: number | null;
  shop_category?: string;
  shop_description?: string | null;
  isbn?: string | null;
}

export async function fetchBookProjects(): Promise<BookProjectView[]> {
  try {
    return await apiFetch<BookProjectView[]>('/api/book-projects');
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) throw error;
    throw new Error(ProjectMessages.fetchFailed, { cause: error });
  }
}

export const deleteBookProject = (id: string) => apiFetch<{ deleted: boolean }>(`/api/book-projects/${id}`, { method: 'DELETE' });

export const updateShopSettings = (id: string, settings: ShopSettings) =>
  apiFetch<BookProjectView>(`/api/book-projects/${id}/shop`, { method: 'PATCH', body: JSON.stringify(settings) });

export const saveBook = (projectId: string, source: string) =>
  apiFetch<BookProjectView>('/api/book-projects', { method: 'POST', body: JSON.stringify({ project_id: projectId, source }) });
