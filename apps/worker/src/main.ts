import { Runtime, makeTelemetryFilterString, DefaultLogger } from '@temporalio/worker';
import { loadServiceConfigOrExit } from '../../../libs/config/index.ts';
import { createProviders } from '../../../libs/ai/index.ts';
import { openOrm } from '../../../libs/db/index.ts';
import { createMailer, mailSettingsFrom } from '../../../libs/mail/index.ts';
import { checkoutDepsFrom } from '../../../libs/payments/index.ts';
import { createPrintProvider } from '../../../libs/print/index.ts';
import { StorageService, storageSettingsFrom } from '../../../libs/storage/index.ts';
import { Client, Connection } from '@temporalio/client';
import { ensureDigestSchedule } from './digest-schedule.ts';
import { createWorker } from './worker.ts';

const config = loadServiceConfigOrExit();

Runtime.install({
  logger: new DefaultLogger(config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace' ? 'DEBUG' : 'INFO'),
  telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN' }) } },
  // SIGINT/SIGTERM make worker.run() finish its in-flight tasks and return.
  shutdownSignals: ['SIGINT', 'SIGTERM'],
});

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
});

const scheduling = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
try {
  const client = new Client({ connection: scheduling, namespace: config.TEMPORAL_NAMESPACE });
  await ensureDigestSchedule(client, { scheduleId: 'mail-digests', everySeconds: config.MAIL_DIGEST_EVERY_SECONDS, taskQueue: config.TEMPORAL_TASK_QUEUE });
} finally {
  await scheduling.close();
}

console.log(`worker polling task queue "${config.TEMPORAL_TASK_QUEUE}" in namespace "${config.TEMPORAL_NAMESPACE}" at ${config.TEMPORAL_ADDRESS}`);
try {
  await worker.run();
} finally {
  await connection.close();
  await orm.close();
  console.log('worker stopped');
}
