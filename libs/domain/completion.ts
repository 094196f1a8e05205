/** What one provider call answered: its text, the model that wrote it, and what it took and cost. A provider returns it and a provider step records it. */
export interface Completion {
  text: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
  costUsd: number;
}
