import type { Connection } from '@temporalio/client';
import { msToTs, SearchAttributeType } from '@temporalio/common';
import proto, { type temporal as protoTypes } from '@temporalio/proto';
import { describeTemporalConnection, type Config } from '../../libs/config/index.ts';
import { connectTemporal } from '../../libs/config/temporal-connect.ts';
import { migrateUp, openOrm } from '../../libs/db/index.ts';
import { createLuluClient } from '../../libs/print/index.ts';
import { StorageService, storageSettingsFrom } from '../../libs/storage/index.ts';
import { customSearchAttributes } from '../../workflows/search-attributes.ts';
import { say } from './log.ts';

const { temporal } = proto; // a CommonJS package: its namespaces are not named ESM exports

/**
 * Brings the services' contents up to what the code expects: database migrations, the private bucket,
 * the Temporal namespace and the custom search attributes, and Lulu's webhook subscription. Idempotent; used by
 * `npm start`, `npm test` and the `setup` service of docker-compose.yml.
 */
export async function setUpServices(config: Config): Promise<void> {
  await Promise.all([runMigrations(config.DATABASE_URL), ensureBucket(config), ensureTemporalNamespace(config), ensureLuluWebhook(config)]);
}

/**
 * Subscribes LULU_WEBHOOK_URL to Lulu's print-job status changes (reactivating a subscription Lulu switched off). An
 * unreachable Lulu is reported, not fatal: orders are also followed by polling, and the next setup tries again.
 */
async function ensureLuluWebhook(config: Config): Promise<void> {
  const lulu = createLuluClient(config, { retries: 1 });
  if (!lulu || !config.LULU_WEBHOOK_URL) return;
  try {
    await lulu.ensureWebhook(config.LULU_WEBHOOK_URL);
    say(`Lulu: print-job status changes go to ${config.LULU_WEBHOOK_URL}`);
  } catch (error) {
    say(`Lulu: could not subscribe ${config.LULU_WEBHOOK_URL} to print-job status changes (${(error as Error).message}); orders are still followed by polling`);
  }
}

export async function runMigrations(databaseUrl: string): Promise<void> {
  const orm = await openOrm(databaseUrl);
  try {
    const applied = await migrateUp(orm);
    say(applied.length ? `migrations applied: ${applied.join(', ')}` : 'database schema is up to date');
  } finally {
    await orm.close();
  }
}

async function ensureBucket(config: Config): Promise<void> {
  const storage = new StorageService(storageSettingsFrom(config));
  await storage.ensureBucket();
  say(`bucket "${storage.bucket}" is ready (private)`);
}

const GRPC_ALREADY_EXISTS = 6;
const alreadyExists = (error: unknown) => (error as { code?: number }).code === GRPC_ALREADY_EXISTS;

const GRPC_NOT_FOUND = 5;

export async function ensureTemporalNamespace(config: Config): Promise<void> {
  const connection = await connectTemporal(config);
  try {
    const namespace = config.TEMPORAL_NAMESPACE;
    if (config.TEMPORAL_NAMESPACE_MANAGED) {
      await checkManagedNamespace(connection, config);
      return;
    }
    try {
      await connection.workflowService.registerNamespace({
        namespace,
        workflowExecutionRetentionPeriod: msToTs('30 days'),
      });
      say(`Temporal: registered namespace "${namespace}"`);
    } catch (error) {
      if (!alreadyExists(error)) throw error;
    }
    // A new namespace takes a moment to be visible to the operator service.
    const existing = await retry(() => connection.operatorService.listSearchAttributes({ namespace }));
    const missing = customSearchAttributes.filter((key) => !(key.name in (existing.customAttributes ?? {})));
    if (missing.length) {
      const types: Record<string, protoTypes.api.enums.v1.IndexedValueType> = {};
      for (const key of missing) {
        if (key.type !== SearchAttributeType.KEYWORD) throw new Error(`search attribute ${key.name}: only keyword attributes are registered here`);
        types[key.name] = temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD;
      }
      await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: types });
      say(`Temporal: registered search attributes ${missing.map((k) => k.name).join(', ')}`);
    }
  } finally {
    await connection.close();
  }
}

/**
 * A namespace created elsewhere (Temporal Cloud's console, tcld, Terraform): it is not registered here, and its search
 * attributes are only checked, since Cloud adds them through its own tools rather than the operator service.
 */
async function checkManagedNamespace(connection: Connection, config: Config): Promise<void> {
  const namespace = config.TEMPORAL_NAMESPACE;
  say(`Temporal: namespace "${namespace}" is managed outside Pressroom (TEMPORAL_NAMESPACE_MANAGED=true), not registering it; at ${describeTemporalConnection(config)}`);
  const existing = await connection.operatorService.listSearchAttributes({ namespace }).catch((error: unknown) => {
    if ((error as { code?: number }).code === GRPC_NOT_FOUND) throw new Error(`Temporal: namespace "${namespace}" does not exist at ${config.TEMPORAL_ADDRESS}: create it (in Temporal Cloud, in its console) before setup`);
    throw error;
  });
  const missing = customSearchAttributes.filter((key) => !(key.name in (existing.customAttributes ?? {})));
  if (missing.length) {
    throw new Error(
      `Temporal: namespace "${namespace}" lacks the search attributes ${missing.map((k) => `${k.name} (Keyword)`).join(', ')}; add them where the namespace is managed ` +
        `(e.g. \`tcld namespace search-attributes add --namespace ${namespace} --search-attribute "${missing[0]?.name ?? ''}=Keyword"\`) and run setup again`,
    );
  }
  say(`Temporal: namespace "${namespace}" has the search attributes ${customSearchAttributes.map((k) => k.name).join(', ')}`);
}

async function retry<T>(fn: () => Promise<T>, attempts = 20): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (error) {
      if (i >= attempts) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
