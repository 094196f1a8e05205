import { loadProfile } from '../scripts/stack/profile.ts';
import { eventually } from './index.ts';

/** A message as the test profile's mail catcher (MailDev) keeps it. */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  to: { address: string }[];
  messageId?: string;
}

const inboxUrl = () => `http://127.0.0.1:${loadProfile('test').ports.mailWeb}/email`;

/** Every caught message addressed to `address` (the inbox is shared, so tests use addresses of their own). */
export async function mailTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(inboxUrl());
  if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
  const all = (await response.json()) as CaughtMail[];
  return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Waits for at least `count` messages to `address`; fails when they do not arrive in time. */
export async function waitForMail(address: string, count = 1, timeoutMs = 15_000): Promise<CaughtMail[]> {
  const mails = await eventually(() => mailTo(address), (found) => found.length >= count, timeoutMs);
  if (mails.length < count) throw new Error(`expected ${count} message(s) to ${address}, found ${mails.length}`);
  return mails;
}

/** Waits for a message to `address` whose subject contains `subject` (a new account also gets its confirmation link). */
export async function waitForSubject(address: string, subject: string, timeoutMs = 15_000): Promise<CaughtMail> {
  const about = async () => (await mailTo(address)).filter((mail) => mail.subject.includes(subject));
  const [mail] = await eventually(about, (found) => found.length > 0, timeoutMs);
  if (!mail) throw new Error(`no message to ${address} about "${subject}"`);
  return mail;
}
