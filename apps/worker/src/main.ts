import { Runtime } from '@temporalio/worker';
import { describeTemporalConnection, loadServiceConfigOrExit } from '../../../libs/config/index.ts';
import { connectTemporal } from '../../../libs/config/temporal-connect.ts';
import { createProviders } from '../../../libs/ai/index.ts';
import { openOrm } from '../../../libs/db/index.ts';
import { createMailer, mailSettingsFrom } from '../../../libs/mail/index.ts';
import { checkoutDepsFrom } from '../../../libs/payments/index.ts';
import { createPrintProvider } from '../../../libs/print/index.ts';
import { StorageService, storageSettingsFrom } from '../../../libs/storage/index.ts';
import { startTracing } from '../../../libs/telemetry/index.ts';
import { Client } from '@temporalio/client';
import { ensureDigestSchedule } from './digest-schedule.ts';
import { WORKER_GROUP_NICENESS, yieldToInteractiveWork } from './scheduling.ts';
import { ensureStepPruningSchedule } from './step-pruning-schedule.ts';
import { workerRuntimeOptions } from './telemetry.ts';
import { createWorker } from './worker.ts';

const config = loadServiceConfigOrExit();
if (yieldToInteractiveWork() === 'set') console.log(`worker's scheduling group at niceness ${WORKER_GROUP_NICENESS}: the API and PostgreSQL go first`);

Runtime.install(workerRuntimeOptions(config));
const tracing = startTracing({ serviceName: 'pressroom-worker', endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });

const orm = await openOrm(config.DATABASE_URL);
const storage = new StorageService(storageSettingsFrom(config));
const { worker, connection } = await createWorker(config, {
  orm,
  storage,
  providers: createProviders(config),
  mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
  mailSettings: mailSettingsFrom(config),
  checkout: checkoutDepsFrom(config),
  printProvider: createPrintProvider(config),
}, { tracing });

const scheduling = await connectTemporal(config);
try {
  const client = new Client({ connection: scheduling, namespace: config.TEMPORAL_NAMESPACE });
  await ensureDigestSchedule(client, { scheduleId: 'mail-digests', everySeconds: config.MAIL_DIGEST_EVERY_SECONDS, taskQueue: config.TEMPORAL_TASK_QUEUE });
  await ensureStepPruningSchedule(client, { taskQueue: config.TEMPORAL_TASK_QUEUE, input: { retentionDays: config.STEP_RETENTION_DAYS } });
} finally {
  await scheduling.close();
}

console.log(`worker polling task queue "${config.TEMPORAL_TASK_QUEUE}" in namespace "${config.TEMPORAL_NAMESPACE}" at ${describeTemporalConnection(config)}`);
if (config.WORKER_METRICS_ADDRESS) console.log(`worker metrics at http://${config.WORKER_METRICS_ADDRESS}/metrics`);
try {
  await worker.run();
} finally {
  await connection.close();
  await orm.close();
  await tracing?.shutdown();
  console.log('worker stopped');
}
