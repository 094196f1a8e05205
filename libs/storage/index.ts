import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Readable } from 'node:stream';
import * as Minio from 'minio';

export interface StorageSettings {
  endpoint: string;
  publicEndpoint?: string | undefined;
  region: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
}

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  lastModified: Date;
  /** Changes whenever the object's bytes do (a rebuild writing the same key). */
  etag: string;
}

function clientFor(endpoint: string, settings: StorageSettings): Minio.Client {
  const url = new URL(endpoint);
  const useSSL = url.protocol === 'https:';
  const agentOptions = { keepAlive: true, timeout: 30_000 };
  return new Minio.Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    region: settings.region,
    accessKey: settings.accessKey,
    secretKey: settings.secretKey,
    pathStyle: true,
    transportAgent: useSSL ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions),
  });
}

/**
 * The one way Pressroom touches object storage: plain S3 calls on a single private bucket,
 * so MinIO or any other S3-compatible service works.
 */
export class StorageService {
  readonly bucket: string;
  readonly #client: Minio.Client;
  readonly #signer: Minio.Client;

  constructor(settings: StorageSettings) {
    this.bucket = settings.bucket;
    this.#client = clientFor(settings.endpoint, settings);
    this.#signer = settings.publicEndpoint ? clientFor(settings.publicEndpoint, settings) : this.#client;
  }

  /** Creates the bucket if it does not exist. Buckets are private: nothing is readable without a presigned URL. */
  async ensureBucket(): Promise<void> {
    if (!(await this.#client.bucketExists(this.bucket))) {
      await this.#client.makeBucket(this.bucket);
    }
  }

  async bucketExists(): Promise<boolean> {
    return this.#client.bucketExists(this.bucket);
  }

  async put(key: string, body: Buffer | string | Readable, contentType: string, size?: number, cacheControl?: string): Promise<void> {
    await this.#client.putObject(this.bucket, key, body, size, { 'Content-Type': contentType, ...(cacheControl ? { 'Cache-Control': cacheControl } : {}) });
  }

  async getStream(key: string): Promise<Readable> {
    return this.#client.getObject(this.bucket, key);
  }

  /** The object's bytes as a stream, or null when there is no such object. */
  async getStreamIfExists(key: string): Promise<Readable | null> {
    try {
      return await this.#client.getObject(this.bucket, key);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** A server-side copy inside the bucket (no bytes pass through this process). */
  async copy(from: string, to: string): Promise<void> {
    await this.#client.copyObject(this.bucket, to, `/${this.bucket}/${from}`);
  }

  async getBuffer(key: string): Promise<Buffer> {
    return bytesOf(await this.getStream(key));
  }

  /** The object's bytes, or null when there is no such object. */
  async getBufferIfExists(key: string): Promise<Buffer | null> {
    const stream = await this.getStreamIfExists(key);
    return stream && bytesOf(stream);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const stat = await this.#client.statObject(this.bucket, key);
      return {
        key,
        size: stat.size,
        contentType: String(stat.metaData['content-type'] ?? 'application/octet-stream'),
        lastModified: stat.lastModified,
        etag: stat.etag,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** A time-limited GET link; `downloadName` makes browsers save the file under that name. */
  async presignedGetUrl(key: string, expiresSeconds = 3600, downloadName?: string): Promise<string> {
    const headers: Record<string, string> = {};
    if (downloadName) {
      headers['response-content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(downloadName)}`;
    }
    return this.#signer.presignedGetObject(this.bucket, key, expiresSeconds, headers);
  }

  async delete(key: string): Promise<void> {
    await this.#client.removeObject(this.bucket, key);
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const item of this.#client.listObjectsV2(this.bucket, prefix, true)) {
      if (item.name) keys.push(item.name);
    }
    return keys;
  }

  /** Deletes every object under `prefix` (e.g. all files of one project); returns how many were removed. */
  async deletePrefix(prefix: string): Promise<number> {
    if (!prefix) throw new Error('deletePrefix needs a non-empty prefix');
    const keys = await this.list(prefix);
    for (let i = 0; i < keys.length; i += 1000) {
      await this.#client.removeObjects(this.bucket, keys.slice(i, i + 1000));
    }
    return keys.length;
  }
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'NotFound' || code === 'NoSuchKey';
}

export function storageSettingsFrom(config: {
  S3_ENDPOINT: string;
  S3_PUBLIC_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY: string;
  S3_SECRET_KEY: string;
  S3_BUCKET: string;
}): StorageSettings {
  return {
    endpoint: config.S3_ENDPOINT,
    publicEndpoint: config.S3_PUBLIC_ENDPOINT,
    region: config.S3_REGION,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    bucket: config.S3_BUCKET,
  };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
