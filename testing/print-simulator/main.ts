// The Lulu simulator as a process (npm start, npm test, the print-simulator service of docker-compose.yml). It serves
// at LULU_API_URL's port, accepts LULU_CLIENT_KEY / LULU_CLIENT_SECRET, and posts status changes to LULU_WEBHOOK_URL
// (a subscription it starts with; POST /webhooks/ adds more).
//   --step-ms <ms|manual>   time between two statuses of a job (default 20000: shipped in about two minutes)
//   --host <address>        where to listen (default 127.0.0.1; 0.0.0.0 inside Docker)
//   --no-check-files        do not read the first bytes of the PDFs (where the simulator cannot reach them)
import { parseArgs } from 'node:util';
import { DEFAULT_STEP_MS, PrintSimulator } from './simulator.ts';

const { values } = parseArgs({
  options: {
    'step-ms': { type: 'string', default: String(DEFAULT_STEP_MS) },
    host: { type: 'string', default: '127.0.0.1' },
    'check-files': { type: 'boolean', default: true },
  },
  allowNegative: true,
});

const env = process.env;
if (!env.LULU_API_URL || !env.LULU_CLIENT_KEY || !env.LULU_CLIENT_SECRET) {
  console.error('The print simulator needs LULU_API_URL (its address), LULU_CLIENT_KEY and LULU_CLIENT_SECRET.');
  process.exit(78); // EX_CONFIG
}
const stepMs = values['step-ms'] === 'manual' ? 'manual' : Number(values['step-ms']);
if (stepMs !== 'manual' && !(stepMs >= 0)) {
  console.error(`--step-ms must be a number of milliseconds or "manual", not ${values['step-ms']}`);
  process.exit(64); // EX_USAGE
}
const address = new URL(env.LULU_API_URL);
const simulator = await new PrintSimulator({
  port: Number(address.port || 80),
  host: values.host,
  clientKey: env.LULU_CLIENT_KEY,
  clientSecret: env.LULU_CLIENT_SECRET,
  stepMs,
  checkFiles: values['check-files'],
  webhookUrls: env.LULU_WEBHOOK_URL ? [env.LULU_WEBHOOK_URL] : [],
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
}).start();
console.log(
  `Lulu print simulator on ${simulator.url} (listening on ${values.host}), a status every ${stepMs === 'manual' ? 'control call' : `${stepMs} ms`}` +
    (env.LULU_WEBHOOK_URL ? `, webhooks to ${env.LULU_WEBHOOK_URL}` : ''),
);

const stop = () => void simulator.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
