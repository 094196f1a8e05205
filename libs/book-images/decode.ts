import type { BookImageType } from '../domain/index.ts';
import { boundedPool } from '../worker-pool/index.ts';
import type decode from './decode-worker.ts';

/** Decoding an upload whole: off the event loop, at most two at once, each bounded in memory and time. */
const DECODE_LIMITS = { maxMemoryMb: 512, timeoutMs: 20_000 } as const;
const MAX_DECODERS = 2;

export type DecodeOutcome = 'decoded' | 'damaged' | 'too-slow';

const decoders = boundedPool('./decode-worker', import.meta.url, { threads: MAX_DECODERS, heapMb: DECODE_LIMITS.maxMemoryMb });

/** Whether every pixel of an image (already sniffed and measured) decodes; an aborted task's thread is ended, so a slow file stops costing CPU. */
export async function decodeBookImage(type: BookImageType, bytes: Uint8Array): Promise<DecodeOutcome> {
  try {
    const whole = (await decoders.run({ type, bytes: new Uint8Array(bytes), maxMemoryMb: DECODE_LIMITS.maxMemoryMb }, { signal: AbortSignal.timeout(DECODE_LIMITS.timeoutMs) })) as ReturnType<typeof decode>;
    return whole ? 'decoded' : 'damaged';
  } catch (error) {
    const { name, code } = error as Error & { code?: string };
    if (name === 'AbortError' || name === 'TimeoutError') return 'too-slow';
    // Running out of memory decoding is the file's doing; any other failure of the thread is the server's.
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'damaged';
    throw error;
  }
}
