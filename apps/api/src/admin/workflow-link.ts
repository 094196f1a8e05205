import type { Config } from '../../../../libs/config/index.ts';

/** A workflow id with the address of its runs in the Temporal UI, for the back office's links. */
export function workflowLink(config: Pick<Config, 'TEMPORAL_UI_URL' | 'TEMPORAL_NAMESPACE'>, id: string): { id: string; url: string } {
  return { id, url: `${config.TEMPORAL_UI_URL}/namespaces/${encodeURIComponent(config.TEMPORAL_NAMESPACE)}/workflows/${encodeURIComponent(id)}` };
}
