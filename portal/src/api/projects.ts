import type {
  BuildRequest,
  BuildStatus,
  ChapterEvent,
  ChapterView,
  CoverAnswer,
  CoverRequest,
  CreatedProject,
  CreateProjectRequest,
  FinalizeAnswer,
  GenerationStarted,
  IntroductionAnswer,
  OrchestrationStatus,
  OutlineAnswer,
  OutlineEditChapter,
  Previews,
  ProjectView,
  ProviderOption,
  SourceSummary,
  StageRequest,
  SummaryAnswer,
  UpdateOutlineRequest,
  WritingAnswer,
} from '../../../libs/contracts/index.ts';
import { apiFetch, authorizedPost } from './client.ts';
import { readServerSentEvents } from './serverSentEvents.ts';

/** The generator pages' one client for the generation API (document 2, section 7); its shapes are the API's contracts. */
export type { BuildStatus, ChapterView, OrchestrationStatus, Previews, ProjectView, TocEntry } from '../../../libs/contracts/index.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const fetchProviders = () => apiFetch<ProviderOption[]>('/api/projects/providers');

export function uploadSources(files: File[]): Promise<SourceSummary> {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  return apiFetch<SourceSummary>('/api/intelligent/process-sources', { method: 'POST', body: form });
}

export const startGeneration = (body: CreateProjectRequest) => apiFetch<GenerationStarted>('/api/projects/generate-complete', { method: 'POST', body: JSON.stringify(body) });

export const orchestrationStatus = (id: string) => apiFetch<OrchestrationStatus>(`/api/projects/orchestration/${id}/status`);

export const projectPreviews = (id: string) => apiFetch<Previews>(`/api/projects/${id}/previews`);

// The staged API (document 2, 7.1): one call a stage, each answering when its stage is done.

const post = <T>(path: string, body: unknown = {}) => apiFetch<T>(`/api/projects${path}`, { method: 'POST', body: JSON.stringify(body) });

export const staged = {
  create: (body: CreateProjectRequest) => post<CreatedProject>('', body),
  project: (id: string) => apiFetch<ProjectView>(`/api/projects/${id}`),
  /** Whether a stage is writing the book now (its run goes on when the page is closed). */
  writing: (id: string) => apiFetch<WritingAnswer>(`/api/projects/${id}/writing`),
  outline: (id: string, body: StageRequest) => post<OutlineAnswer>(`/${id}/generate-outline`, body),
  /** The author's edited outline (PUT …/outline): `from` keeps a written chapter with its entry. */
  editOutline: (id: string, chapters: OutlineEditChapter[]) => apiFetch<OutlineAnswer>(`/api/projects/${id}/outline`, { method: 'PUT', body: JSON.stringify({ chapters } satisfies UpdateOutlineRequest) }),
  introduction: (id: string, aiModel: string) => post<IntroductionAnswer>(`/${id}/generate-introduction`, { ai_model: aiModel } satisfies StageRequest),
  regenerate: (id: string, n: number) => post<ChapterView>(`/${id}/chapters/${n}/regenerate`),
  summary: (id: string, aiModel: string) => post<SummaryAnswer>(`/${id}/generate-summary`, { ai_model: aiModel } satisfies StageRequest),
  finalize: (id: string) => post<FinalizeAnswer>(`/${id}/finalize`),
  build: (id: string) => post<BuildStatus>(`/${id}/build`, { formats: ['pdf', 'zip'] } satisfies BuildRequest),
  buildStatus: (id: string) => apiFetch<BuildStatus>(`/api/projects/${id}/build/status`),
  cover: (id: string, aiModel: string, design: Pick<CoverRequest, 'design_style' | 'color_scheme'> = {}) =>
    post<CoverAnswer>(`/${id}/generate-cover`, { ai_model: aiModel, template: 'amazon_kdp', ...design } satisfies CoverRequest),
};

/** How the chapter stage writes: generation_mode, content_depth and, for selective, the chosen chapters. */
export type ChapterChoice = Pick<StageRequest, 'generation_mode' | 'content_depth' | 'chapters_to_generate'>;

/** generate-chapters/stream: the chapter stage as server-sent events, read from a POST (EventSource cannot POST). */
export async function streamChapters(id: string, aiModel: string, onEvent: (e: ChapterEvent) => void, choice: ChapterChoice = {}): Promise<void> {
  const body: StageRequest = { chapters_to_generate: null, content_depth: 'polished', ...choice, ai_model: aiModel };
  const response = await authorizedPost(`/api/projects/${id}/generate-chapters/stream`, body);
  await readServerSentEvents(response, (event, data) => {
    const parsed = { event, data } as ChapterEvent;
    if (parsed.event === 'error') throw new Error(parsed.data.message || 'Chapter generation failed');
    onEvent(parsed);
  });
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
