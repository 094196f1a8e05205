import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitUntil } from './net.ts';

describe('waitUntil', () => {
  afterEach(() => vi.useRealTimers());

  it('checks once more after a stalled event loop instead of failing a service that got ready meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    let ready = false;
    const check = vi.fn(async () => ready);
    const waiting = waitUntil('Temporal', check, 1000);
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    // Synchronous work elsewhere held the loop for 5 s, past the deadline; the service came up meanwhile.
    vi.setSystemTime(Date.now() + 5000);
    ready = true;
    await vi.advanceTimersByTimeAsync(250);
    await expect(waiting).resolves.toBeUndefined();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('still gives up on a service that never answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const waiting = waitUntil('MinIO', async () => false, 1000);
    const failed = expect(waiting).rejects.toThrow('MinIO was not ready after 1 s');
    await vi.advanceTimersByTimeAsync(1500);
    await failed;
  });
});
