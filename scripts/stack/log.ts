import { styleText } from 'node:util';

type Color = Parameters<typeof styleText>[0];
const palette: Color[] = ['cyan', 'magenta', 'yellow', 'green', 'blue', 'redBright', 'cyanBright', 'magentaBright'];
const assigned = new Map<string, Color>();

export function colorFor(name: string): Color {
  let color = assigned.get(name);
  if (!color) {
    color = palette[assigned.size % palette.length] ?? 'white';
    assigned.set(name, color);
  }
  return color;
}

// bootstrap.sh notes when `npm start` or `npm test` began (before npm ci), so the steps' times count from there.
const startedAt = Number(process.env.PRESSROOM_STARTED_MS) || Date.now() - process.uptime() * 1000;

/** How long since the command began, as `(at +12.3 s)`: the start log's timeline. */
export function sinceStart(): string {
  return `(at +${((Date.now() - startedAt) / 1000).toFixed(1)} s)`;
}

/** Runs one step of a start, saying when it ended and how long it took. */
export async function timed<T>(what: string, work: () => Promise<T> | T): Promise<T> {
  const begun = Date.now();
  const result = await work();
  say(`${what}: ${((Date.now() - begun) / 1000).toFixed(1)} s ${sinceStart()}`);
  return result;
}

export function say(message: string): void {
  console.log(`${styleText('bold', 'pressroom')} ${message}`);
}

/** Stops the command with one clear sentence, e.g. what to install. */
export class StackError extends Error {
  override name = 'StackError';
}
