import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../testing/index.ts';
import { StorageService, storageSettingsFrom } from './index.ts';

const config = testConfig();
const storage = new StorageService(storageSettingsFrom(config));
const prefix = `test-${randomUUID()}/`;

afterAll(async () => {
  await storage.deletePrefix(prefix);
});

describe('StorageService on the real MinIO', () => {
  it('puts an object and reads it back as a stream, a buffer and its metadata', async () => {
    const key = `${prefix}chapter-1.md`;
    const text = '# Chapter 1\n\nIt begins — “quoted”.';
    await storage.put(key, text, 'text/markdown');

    const chunks: Buffer[] = [];
    for await (const chunk of await storage.getStream(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe(text);
    expect((await storage.getBuffer(key)).toString()).toBe(text);
    expect(await storage.stat(key)).toMatchObject({ key, size: Buffer.byteLength(text), contentType: 'text/markdown' });
  });

  it('stores a stream of known size byte for byte', async () => {
    const key = `${prefix}book.pdf`;
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    await storage.put(key, Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]), 'application/pdf', bytes.length);
    expect((await storage.getBuffer(key)).equals(bytes)).toBe(true);
  });

  it('keeps the bucket private but serves a presigned link with the download name', async () => {
    const key = `${prefix}cover.png`;
    await storage.put(key, Buffer.from('not really a png'), 'image/png');

    const anonymous = await fetch(`${config.S3_ENDPOINT}/${config.S3_BUCKET}/${key}`);
    expect(anonymous.status).toBe(403);

    const url = await storage.presignedGetUrl(key, 60, 'My Book – cover.png');
    const signed = await fetch(url);
    expect(signed.status).toBe(200);
    expect(await signed.text()).toBe('not really a png');
    expect(signed.headers.get('content-disposition')).toContain("filename*=UTF-8''My%20Book%20%E2%80%93%20cover.png");
  });

  it('answers null for a missing object and deletes single objects', async () => {
    const key = `${prefix}gone.txt`;
    expect(await storage.stat(key)).toBeNull();
    await storage.put(key, 'x', 'text/plain');
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
  });

  it('deletes everything under a prefix and nothing else', async () => {
    const project = `${prefix}project-a/`;
    const other = `${prefix}project-b/keep.txt`;
    await Promise.all([
      storage.put(`${project}a.txt`, 'a', 'text/plain'),
      storage.put(`${project}nested/b.txt`, 'b', 'text/plain'),
      storage.put(other, 'c', 'text/plain'),
    ]);
    expect(await storage.deletePrefix(project)).toBe(2);
    expect(await storage.list(project)).toEqual([]);
    expect(await storage.list(`${prefix}project-b/`)).toEqual([other]);
  });

  it('refuses to delete with an empty prefix', async () => {
    await expect(storage.deletePrefix('')).rejects.toThrow(/non-empty prefix/);
  });
});
