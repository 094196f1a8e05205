/** The least environment `loadConfig` accepts, for unit tests of settings built on it. */
export const minimalConfigEnv = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pressroom',
  TEMPORAL_ADDRESS: '127.0.0.1:7233',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_ACCESS_KEY: 'access',
  S3_SECRET_KEY: 'secret-secret',
  JWT_SECRET: 'a-test-secret-that-is-long-enough-0123',
} as const;
