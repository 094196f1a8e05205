import type { BookFileKind, ProviderId, ProviderOption, SourceSummary } from '../../../libs/domain/index.ts';
import { apiFetch, authorizedPost } from '../api/client.ts';

/** The generator pages' one client for the generation API (document 2, section 7). */

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

export interface Previews {
  page_count: number | null;
  pages: { page: number; url: string }[];
  cover: string | null;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

// The staged API (document 2, 7.1): one call a stage, each answering when its stage is done.

export interface TocEntry {
  chapter_number: number;
  chapter_title: string;
  chapter_description: string;
  chapter_ideas: string[];
  estimated_pages: string;
  target_words: number;
}

export interface ChapterView {
  chapter_number: number;
  chapter_title: string;
  content: string;
  word_count: number;
  estimated_pages: number;
  generated_at: string;
}

export interface ProjectView {
  project_id: string;
  name: string;
  title: string;
  author: string;
  topic: string;
  total_target_words: number;
  ai_model: ProviderId;
  stage: string;
  failed_stage: string | null;
  error: string | null;
  outline: { chapters: TocEntry[] } | null;
  introduction: string | null;
  chapters: ChapterView[];
  summary: string | null;
  finalized: boolean;
  pdf_path: string | null;
  cover_path: string | null;
  page_count: number | null;
  ai_provider_calls: number;
  total_cost: number;
}

export interface BuildStatus {
  status: 'not_started' | 'building' | 'complete' | 'error';
  message: string;
  error: string | null;
  page_count: number | null;
  downloads: Partial<Record<BookFileKind, string>>;
}

const post = <T>(path: string, body: unknown = {}) => apiFetch<T>(`/api/projects${path}`, { method: 'POST', body: JSON.stringify(body) });

export const staged = {
  create: (body: { name: string; title: string; author: string; topic: string; writing_style: string; total_target_words: number; ai_model: string; source_materials?: string }) =>
    post<{ project_id: string; name: string }>('', body),
  project: (id: string) => apiFetch<ProjectView>(`/api/projects/${id}`),
  outline: (id: string, body: { title: string; author: string; book_idea: string; ai_model: string; chapter_count?: number; book_style?: string }) => post<{ toc: TocEntry[] }>(`/${id}/generate-outline`, body),
  introduction: (id: string, aiModel: string) => post<{ introduction: string }>(`/${id}/generate-introduction`, { ai_model: aiModel }),
  regenerate: (id: string, n: number) => post<ChapterView>(`/${id}/chapters/${n}/regenerate`),
  summary: (id: string, aiModel: string) => post<{ summary: string }>(`/${id}/generate-summary`, { ai_model: aiModel }),
  finalize: (id: string) => post<{ status: string }>(`/${id}/finalize`),
  build: (id: string) => post<BuildStatus>(`/${id}/build`, { formats: ['pdf', 'zip'] }),
  buildStatus: (id: string) => apiFetch<BuildStatus>(`/api/projects/${id}/build/status`),
  cover: (id: string, aiModel: string, design: { design_style?: string; color_scheme?: string } = {}) =>
    post<{ cover_pdf_size: number; cover_png_size: number }>(`/${id}/generate-cover`, { ai_model: aiModel, template: 'amazon_kdp', ...design }),
};

export type ChapterEvent =
  | { event: 'chapter_start'; data: { chapter_number: number; total_chapters: number; chapter_title: string } }
  | { event: 'progress'; data: { stage: number; progress: number; message: string } }
  | { event: 'chapter_complete'; data: { chapter_number: number; word_count: number } }
  | { event: 'all_complete'; data: { chapters_generated: number; total_word_count: number } }
  | { event: 'error'; data: { message: string } };

/** generate-chapters/stream: the chapter stage as server-sent events, read from a POST (EventSource cannot POST). */
export async function streamChapters(id: string, aiModel: string, onEvent: (e: ChapterEvent) => void): Promise<void> {
  const response = await authorizedPost(`/api/projects/${id}/generate-chapters/stream`, { chapters_to_generate: null, content_depth: 'polished', ai_model: aiModel });
  if (!response.body) throw new Error('Response body is null');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || !data) continue;
      const parsed = { event, data: JSON.parse(data) as unknown } as ChapterEvent;
      if (parsed.event === 'error') throw new Error(parsed.data.message || 'Chapter generation failed');
      onEvent(parsed);
    }
  }
}

/** The wizard's build limits: a status read every 2 s, for up to 120 s. */
const BUILD_POLL_MS = 2000;
const BUILD_TIMEOUT_MS = 120_000;

/** Reads build/status (from `first`, if a call already answered one) until the build is complete, or throws why not. */
export async function waitForBuild(id: string, first?: BuildStatus, onStatus?: (status: BuildStatus) => void): Promise<BuildStatus> {
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  let status = first ?? (await staged.buildStatus(id));
  while (status.status !== 'complete') {
    if (status.status === 'error') throw new Error(`Build failed: ${status.error ?? status.message}`);
    if (Date.now() > deadline) throw new Error('Build timeout - PDF generation took too long');
    onStatus?.(status);
    await sleep(BUILD_POLL_MS);
    status = await staged.buildStatus(id);
  }
  return status;
}
