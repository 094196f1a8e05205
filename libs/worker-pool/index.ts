import { extname } from 'node:path';
import { Piscina } from 'piscina';

/**
 * A pool of worker threads for untrusted work (decoding, parsing) kept off the event loop: at most `threads` at once,
 * each with a bounded heap; idle threads end after a while (30 s unless `idleMs`), so an unused pool costs nothing.
 * `worker` names the module beside `from` without its extension: the `.ts` source runs as is (type stripping), the
 * compiled `.js` once built.
 */
export function boundedPool(worker: string, from: string, limits: { threads: number; heapMb: number; idleMs?: number }): Piscina {
  const filename = new URL(`${worker}${extname(new URL(from).pathname)}`, from).href;
  return new Piscina({
    filename,
    minThreads: 0,
    maxThreads: limits.threads,
    idleTimeout: limits.idleMs ?? 30_000,
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
  });
}
