import { connect } from 'node:net';

/** True when something accepts TCP connections at host:port. */
export function isListening(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Polls `check` until it returns true; throws once `timeoutMs` have passed (with `what` in the message). The clock
 * starts at the call, so call it right after spawning the process. It gives up only after a check that began
 * after the deadline: when the event loop was held up meanwhile, the service still gets its check.
 */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const checkedAt = Date.now();
    if (await check().catch(() => false)) return;
    if (!isAlive()) throw new Error(`${what} exited before it was ready`);
    if (checkedAt >= deadline) throw new Error(`${what} was not ready after ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function hostPort(address: string, defaultPort: number): { host: string; port: number } {
  const url = new URL(address.includes('://') ? address : `tcp://${address}`);
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port ? Number(url.port) : defaultPort };
}

export const isLocalHost = (host: string) => ['127.0.0.1', 'localhost', '::1', '0.0.0.0'].includes(host);
