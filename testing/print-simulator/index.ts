import { afterAll } from 'vitest';
import { PrintSimulator, type PrintSimulatorOptions } from './simulator.ts';

export * from './simulator.ts';

/**
 * A Lulu simulator of the test file's own on a free loopback port, at a test's pace (a status every 100 ms unless
 * told), stopped after the file's tests. Call it at the top level and configure with its env():
 *   const simulator = await printSimulatorForFile();
 *   const config = testConfig(simulator.env());
 * Its own instance keeps faults and pace changes from reaching other test files.
 */
export async function printSimulatorForFile(options: PrintSimulatorOptions = {}): Promise<PrintSimulator> {
  const simulator = await new PrintSimulator({ stepMs: 100, webhookRetryMs: 50, ...options }).start();
  afterAll(() => simulator.stop());
  return simulator;
}
