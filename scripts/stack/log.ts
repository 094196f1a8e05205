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

export function say(message: string): void {
  console.log(`${styleText('bold', 'pressroom')} ${message}`);
}

/** Stops the command with one clear sentence, e.g. what to install. */
export class StackError extends Error {
  override name = 'StackError';
}
