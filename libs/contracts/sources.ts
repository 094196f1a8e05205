/** What `POST /api/intelligent/process-sources` answers: a book names `source_materials_id` to be grounded in them. */
export interface SourceSummary {
  source_materials_id: string;
  summary: string;
  file_count: number;
  word_count: number;
  total_size: number;
  files: { filename: string; kind: string; size: number; word_count: number }[];
}
