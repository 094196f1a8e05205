import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configKeys } from '../libs/config/index.ts';
import { repoRoot } from './stack/profile.ts';

// Docker does not run on the development machines, so these files are checked by reading them.
interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }> | string[];
}

const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

describe('docker-compose.yml', () => {
  it('runs every part of the platform', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'temporal', 'temporal-ui', 'minio', 'mail', 'setup', 'api', 'worker', 'portal']),
    );
  });

  it('runs Temporal on PostgreSQL', () => {
    expect(compose.services.temporal?.environment).toMatchObject({ DB: 'postgres12', POSTGRES_SEEDS: 'postgres' });
  });

  it.each(['setup', 'api', 'worker'])('sets every variable the app reads for %s', (name) => {
    const env = compose.services[name]?.environment ?? {};
    expect(Object.keys(env).sort()).toEqual([...configKeys].sort());
  });

  it('starts the API and the worker only after the setup job succeeded', () => {
    for (const name of ['api', 'worker']) {
      expect(compose.services[name]?.depends_on).toMatchObject({ setup: { condition: 'service_completed_successfully' } });
    }
  });

  it('keeps secrets out of the file', () => {
    const env = compose.services.api?.environment ?? {};
    expect(String(env.S3_SECRET_KEY)).toMatch(/^\$\{S3_SECRET_KEY:\?/);
    expect(String(env.S3_ACCESS_KEY)).toMatch(/^\$\{S3_ACCESS_KEY:\?/);
  });
});

describe('.env.example', () => {
  it('documents every variable the app reads', () => {
    const documented = readFileSync(join(repoRoot, '.env.example'), 'utf8')
      .split('\n')
      .map((line) => /^([A-Z0-9_]+)=/.exec(line)?.[1])
      .filter(Boolean);
    expect(documented.sort()).toEqual([...configKeys].sort());
  });
});
