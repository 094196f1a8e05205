import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { downloadLinkKey, ebookDownloads, readDownloadToken, signDownloadToken } from './download-links.ts';

const key = downloadLinkKey({ JWT_SECRET: 'a-test-secret-that-is-long-enough-0123' });

describe('download tokens', () => {
  it('name their sale until they expire', () => {
    const saleId = randomUUID();
    const expiresAt = new Date(Date.now() + 60_000);
    const read = readDownloadToken(key, signDownloadToken(key, saleId, expiresAt));
    expect(read).toEqual({ saleId, expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000) });
    expect(readDownloadToken(key, signDownloadToken(key, saleId, new Date(Date.now() - 1000)))).toBe('expired');
  });

  it('are invalid when changed, signed with another key or malformed', () => {
    const [saleA, saleB] = [randomUUID(), randomUUID()];
    const token = signDownloadToken(key, saleA, new Date(Date.now() + 60_000));
    expect(readDownloadToken(key, token.replace(saleA, saleB))).toBe('invalid');
    expect(readDownloadToken(downloadLinkKey({ JWT_SECRET: 'another-secret-that-is-long-enough-0123' }), token)).toBe('invalid');
    expect(readDownloadToken(downloadLinkKey({ DOWNLOAD_LINK_SECRET: 'x'.repeat(32), JWT_SECRET: 'a-test-secret-that-is-long-enough-0123' }), token)).toBe('invalid');
    for (const bad of ['', 'abc', `${saleA}.1.x`, `${token}x`]) expect(readDownloadToken(key, bad)).toBe('invalid');
  });

  it('make one link per format the sale has, with when they stop working', () => {
    const links = ebookDownloads(key, randomUUID(), ['pdf', 'epub', 'interior'], 'https://pressroom.example', 0);
    expect(links.map((l) => l.format)).toEqual(['epub', 'pdf']);
    expect(links[0]?.url).toMatch(/^https:\/\/pressroom\.example\/api\/shop\/downloads\/[^/]+\/epub$/);
    expect(links[0]?.expires_at).toBe(new Date(7 * 86_400_000).toISOString());
  });
});
