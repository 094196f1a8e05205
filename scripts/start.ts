// `npm start`: brings up PostgreSQL, Temporal, MinIO, a mail catcher, without a Stripe key stripe-mock and without Lulu
// credentials the Lulu simulator (reusing any already reachable), applies migrations, then runs the API, the worker
// and the portal until Ctrl-C.
import { styleText } from 'node:util';
import { ConfigError, loadConfig } from '../libs/config/index.ts';
import { CJK_FONTS, cjkFontsPresent } from '../libs/render/system-fonts.ts';
import { apiBuild, apiEntry, bin, portalConfig, workerEntry } from './stack/app.ts';
import { say, StackError, timed } from './stack/log.ts';
import { waitUntil } from './stack/net.ts';
import { prepareTools } from './stack/prepare.ts';
import { loadProfile, PRINT_SIMULATOR_CLIENT_KEY, repoRoot } from './stack/profile.ts';
import { ensureMailCatcher, ensurePrintSimulator, ensureStripeMock, ensurePostgres, ensureMinio, ensureTemporal } from './stack/services.ts';
import { setUpServices } from './stack/setup.ts';
import { runSideBySide, runStep, stopSteps } from './stack/steps.ts';
import { endOwnGoBuildsOnExit, onPath } from './stack/tools.ts';
import { Supervisor } from './stack/supervisor.ts';

const profile = loadProfile('dev');
const supervisor = new Supervisor();
let stopping = false;

async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('stopping everything this command started…');
    stopSteps();
    await supervisor.stopAll();
    say('stopped');
  }
  process.exit(code);
}
// Builds bootstrap.sh began beside npm ci end with this command, even one it stops before it waits for them.
endOwnGoBuildsOnExit();
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  const started = Date.now();
  const config = loadConfig(profile.env);
  // The API compiles while the tools install and build (on a fresh clone both take minutes); no service waits on either.
  const tools = timed('tools installed and built', () =>
    prepareTools(profile, {
      apt: [
        // The worker and the API rasterise PDF pages (previews, thumbnails) with poppler's pdftoppm.
        { packages: ['poppler-utils'], present: () => onPath('pdftoppm'), why: 'install poppler-utils (pdftoppm) for page previews' },
        // Japanese, Chinese and Korean books are set in Noto CJK (libs/render/system-fonts.ts).
        { packages: [CJK_FONTS.debianPackage], present: cjkFontsPresent, why: 'install it to typeset Japanese, Chinese and Korean books' },
      ],
    }),
  );
  await runSideBySide([tools, runStep({ name: 'API build', ...apiBuild })]);
  const ctx = { profile, supervisor };
  await timed('PostgreSQL up', () => ensurePostgres(ctx));
  await timed('services up', () =>
    Promise.all([ensureTemporal(ctx, { ui: true }), ensureMinio(ctx), ensureMailCatcher(ctx), ensureStripeMock(ctx), ensurePrintSimulator(ctx)]),
  );
  await timed('migrations and setup', () => setUpServices(config));

  const env = { ...process.env, ...profile.env };
  supervisor.start({ name: 'worker', command: process.execPath, args: [workerEntry], env, cwd: repoRoot, restart: true });
  supervisor.start({ name: 'api', command: process.execPath, args: ['--enable-source-maps', apiEntry], env, cwd: repoRoot, restart: true });
  supervisor.start({
    name: 'portal',
    command: bin('vite'),
    args: ['--config', portalConfig, '--port', String(profile.ports.portal), '--strictPort', '--clearScreen', 'false'],
    env: { ...env, PRESSROOM_API_URL: `http://127.0.0.1:${config.API_PORT}` },
    cwd: repoRoot,
    restart: true,
  });
  const apiHealth = `http://127.0.0.1:${config.API_PORT}/api/health`;
  await timed('API answering', () => waitUntil('API', async () => (await fetch(apiHealth)).status < 500, 90_000));

  const portal = config.PORTAL_URL;
  const rows: [string, string][] = [
    ['Portal (authors)', portal],
    ['Back office', `${portal}/admin`],
    ['API docs (Swagger UI)', `http://localhost:${config.API_PORT}/api/docs`],
    ['API health', `http://localhost:${config.API_PORT}/api/health  (deep: /api/health/deep)`],
    ['Temporal UI', `${config.TEMPORAL_UI_URL}/namespaces/${config.TEMPORAL_NAMESPACE}/workflows`],
    ['MinIO console', `http://localhost:${profile.ports.minioConsole}  (user ${config.S3_ACCESS_KEY}, password in .data/secrets.env)`],
    ['Mail inbox', `http://localhost:${profile.ports.mailWeb}`],
    ['Payments', config.STRIPE_SECRET_KEY ? `Stripe; webhook endpoint http://<your API origin>/api/stripe/webhook` : `local test mode (stripe-mock on ${config.STRIPE_API_URL}, test checkout page)`],
    ['Print orders', config.LULU_CLIENT_KEY === PRINT_SIMULATOR_CLIENT_KEY ? `the Lulu simulator on ${config.LULU_API_URL} (nothing is printed)` : config.LULU_API_URL ? `Lulu at ${config.LULU_API_URL}` : 'the built-in mock (no LULU_API_URL)'],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\n${styleText('bold', `Pressroom is up (${Math.round((Date.now() - started) / 1000)} s)`)}`);
  for (const [label, url] of rows) console.log(`  ${label.padEnd(width)}  ${styleText('cyan', url)}`);
  console.log(`\nLogs of PostgreSQL, Temporal, MinIO, mail and the print simulator are in ${profile.dataDir}/logs. Ctrl-C stops everything.\n`);
} catch (error) {
  if (error instanceof StackError || error instanceof ConfigError) console.error(styleText('red', error.message));
  else console.error(error);
  await stop(1);
}
