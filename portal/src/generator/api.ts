import type { BookFileKind, ProviderId } from '../../../libs/domain/index.ts';
import { apiFetch } from '../api/client.ts';

/** The generator pages' one client for the generation API (document 2, section 7). */

export interface ProviderOption {
  id: ProviderId;
  displayName: string;
  modelAlias: string;
  maxChapters: number;
  supportsChapters: boolean;
  supportsCover: boolean;
  available: boolean;
}

export interface StageEvent {
  stage: string;
  message: string;
  completed: boolean;
  timestamp: string;
}

export interface OrchestrationStatus {
  status: 'running' | 'completed' | 'failed' | 'cancelled';
  current_step: string;
  progress: number;
  message: string;
  steps_completed: string[];
  stage_history: StageEvent[];
  toc_details: { chapter_count: number };
  current_chapter: { number: number; title: string } | null;
  words_so_far: number;
  ai_provider_calls: number;
  project_id: string;
  cover_complete: boolean;
  downloads: Partial<Record<BookFileKind, string>>;
  failed_stage: string | null;
  error: string | null;
}

export interface SourceSummary {
  source_materials_id: string;
  summary: string;
  file_count: number;
  word_count: number;
  total_size: number;
}

export interface Previews {
  page_count: number | null;
  pages: { page: number; url: string }[];
  cover: string | null;
}

export const fetchProviders = () => apiFetch<ProviderOption[]>('/api/projects/providers');

export function uploadSources(files: File[]): Promise<SourceSummary> {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  return apiFetch<SourceSummary>('/api/intelligent/process-sources', { method: 'POST', body: form });
}

export interface GenerateCompleteBody {
  title: string;
  author: string;
  book_idea: string;
  ai_model: string;
  chapters_to_generate: number[] | null;
  include_cover: boolean;
  content_depth: string;
  writing_style: string;
  target_pages: number;
  source_materials?: string;
}

export const startGeneration = (body: GenerateCompleteBody) =>
  apiFetch<{ orchestration_id: string; project_id: string; check_status_url: string }>('/api/projects/generate-complete', { method: 'POST', body: JSON.stringify(body) });

export const orchestrationStatus = (id: string) => apiFetch<OrchestrationStatus>(`/api/projects/orchestration/${id}/status`);

export const projectPreviews = (id: string) => apiFetch<Previews>(`/api/projects/${id}/previews`);
