// `npm test`: lint and type-check while it builds and brings up the test profile's own PostgreSQL, Temporal, MinIO, mail catcher,
// stripe-mock and Lulu simulator (separate ports, data directory, database, namespace and bucket), run every Vitest project
// (unit, integration, e2e in Debian's Chromium) and tear down what it started. Extra arguments go to Vitest.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { styleText } from 'node:util';
import pg from 'pg';
import { ConfigError, loadConfig, type Config } from '../libs/config/index.ts';
import { CJK_FONTS, cjkFontsPresent } from '../libs/render/system-fonts.ts';
import { apiBuild, bin, tsc } from './stack/app.ts';
import { say, StackError } from './stack/log.ts';
import { prepareTools } from './stack/prepare.ts';
import { ensureJavaTool } from './stack/java-tools.ts';
import { ensureNpmTool } from './stack/npm-tools.ts';
import { ensurePythonTool } from './stack/python-tools.ts';
import { loadProfile, repoRoot } from './stack/profile.ts';
import { ensureDatabase, ensureMailCatcher, ensurePrintSimulator, ensureStripeMock, ensureMinio, ensurePostgres, ensureTemporal } from './stack/services.ts';
import { setUpServices } from './stack/setup.ts';
import { runInOrder, runSideBySide, stopSteps, type Step } from './stack/steps.ts';
import { Supervisor } from './stack/supervisor.ts';
import { CHROMIUM_HEADLESS_SHELL, chromiumPath, endOwnGoBuildsOnExit, onPath } from './stack/tools.ts';

const profile = loadProfile('test');
const supervisor = new Supervisor();
const vitestArgs = process.argv.slice(2);

/** Every run starts from an empty database, so migrations are applied from scratch each time. */
async function recreateDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const admin = new URL(url.href);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(`drop database if exists ${pg.escapeIdentifier(url.pathname.slice(1))} with (force)`);
  } finally {
    await client.end();
  }
  await ensureDatabase(url);
}

const workflowBundleFile = join(profile.dataDir, 'workflow-bundle.js');
const portalDist = join(repoRoot, 'portal/dist');

/** The two linters beside the three type-checks (incremental: their build info is kept in the profile's data directory). */
function checks(): Promise<void> {
  // A focused run while the tree is mid-change may leave the whole-tree checks to the full run (CI never sets it).
  if (process.env.PRESSROOM_TEST_SKIP_CHECKS === '1') {
    say('lint and type-checks skipped (PRESSROOM_TEST_SKIP_CHECKS=1)');
    return Promise.resolve();
  }
  const typeCheck = (name: string, project: string, info: string): Step => ({
    name,
    command: tsc,
    args: ['-p', project, '--incremental', '--tsBuildInfoFile', join(profile.dataDir, 'tsbuildinfo', info)],
  });
  return runSideBySide([
    // ESLint's rules need no types; the type-aware ones run in oxlint on TypeScript 7 (.oxlintrc.json). The two take two
    // fifths of the CPU ESLint took when typescript-eslint built a second program of the whole tree on TypeScript 6.
    runInOrder([
      { name: 'lint (eslint)', command: bin('eslint'), args: ['.'] },
      { name: 'lint (oxlint, type-aware)', command: bin('oxlint'), args: ['--type-aware'] },
    ]),
    runInOrder([
      typeCheck('type-check', 'tsconfig.json', 'root.tsbuildinfo'),
      typeCheck('type-check API', 'apps/api/tsconfig.json', 'api.tsbuildinfo'),
      typeCheck('type-check portal', 'portal/tsconfig.json', 'portal.tsbuildinfo'),
    ]),
  ]);
}

/** The compiled API and the built portal the browser tests serve, and the workflow bundle every test worker runs. */
function builds(): Promise<void> {
  return runInOrder([
    { name: 'API build', ...apiBuild },
    { name: 'portal build', command: bin('vite'), args: ['build', '--config', 'portal/vite.config.ts', '--logLevel', 'warn'] },
    { name: 'workflow bundle', command: process.execPath, args: [join(repoRoot, 'apps/worker/src/workflow-bundle.ts'), workflowBundleFile] },
  ]);
}

/** The tools, then the services, on a database recreated empty. */
async function startStack(config: Config): Promise<void> {
  await prepareTools(profile, {
    apt: [
      {
        // Chromium drives the browser tests; qpdf, poppler-utils and epubcheck check the books as a reader's tools would.
        packages: ['chromium-headless-shell', 'qpdf', 'poppler-utils', 'epubcheck'],
        present: () => existsSync(CHROMIUM_HEADLESS_SHELL) && onPath('qpdf') && onPath('pdfinfo') && existsSync('/usr/share/java/epubcheck.jar'),
        why: 'install them for the browser, PDF and EPUB tests',
      },
      // Japanese, Chinese and Korean books are set in Noto CJK (libs/render/system-fonts.ts).
      { packages: [CJK_FONTS.debianPackage], present: cjkFontsPresent, why: 'install it to typeset Japanese, Chinese and Korean books' },
      // The API fuzzer (schemathesis) is installed from PyPI into a virtual environment.
      { packages: ['python3', 'python3-venv'], present: () => onPath('python3'), why: 'install Python 3 for the API fuzz test' },
      // veraPDF, the PDF/UA validator, and Temporal's time-skipping test server are fetched from Maven Central.
      { packages: ['maven'], present: () => onPath('mvn'), why: "install Maven to fetch veraPDF for the PDF/UA test and Temporal's test server for the timer tests" },
    ],
    installs: [
      (options) => ensurePythonTool('schemathesis', options),
      (options) => ensureJavaTool('verapdf', options),
      (options) => ensureJavaTool('temporal-test-server', options),
      (options) => ensureNpmTool('ace', options),
    ],
  });

  const ctx = { profile, supervisor };
  await ensurePostgres(ctx);
  await Promise.all([ensureTemporal(ctx, { ui: false }), ensureMinio(ctx), ensureMailCatcher(ctx), ensureStripeMock(ctx), ensurePrintSimulator(ctx)]);
  await recreateDatabase(config.DATABASE_URL);
  await setUpServices(config);
}

let code = 1;
// Builds bootstrap.sh began beside npm ci end with this command, even one it stops before it waits for them.
endOwnGoBuildsOnExit();
process.on('SIGINT', () => {
  stopSteps();
  void supervisor.stopAll().then(() => process.exit(130));
});
try {
  const config = loadConfig(profile.env);
  // The checks, the builds and the stack start run side by side (each check is one process on one core; starting the
  // services is mostly waiting); the tests start once all of them have passed.
  const chains = [checks(), builds(), startStack(config)];
  await runSideBySide(chains);

  const env = {
    ...process.env,
    ...profile.env,
    PRESSROOM_TEST_DATA_DIR: profile.dataDir,
    CHROMIUM_PATH: chromiumPath() ?? '',
    // Built once above: test files read these rather than building the same thing again each.
    PRESSROOM_WORKFLOW_BUNDLE: workflowBundleFile,
    PRESSROOM_PORTAL_DIST: portalDist,
  };
  const vitest = spawn(bin('vitest'), ['run', ...vitestArgs], { cwd: repoRoot, stdio: 'inherit', env });
  code = await new Promise<number>((resolve) => vitest.once('exit', (exitCode) => resolve(exitCode ?? 1)));
} catch (error) {
  if (error instanceof StackError || error instanceof ConfigError) console.error(styleText('red', error.message));
  else console.error(error);
} finally {
  stopSteps();
  await supervisor.stopAll();
}
process.exit(code);
