import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import { downloadLinkKey, type DownloadLinkSecrets } from '../sales/download-links.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same message for mail clients that show HTML. */
  html?: string;
  replyTo?: string;
  /**
   * The delivery's key (mail_deliveries), for mail sent once per key. Its Message-ID is made from it, so a copy sent
   * again (the worker died after the SMTP server took the message, before the delivery was recorded) is the same
   * message to the recipient's mail system: those that drop a Message-ID they already hold (Gmail, Sieve's duplicate
   * test) show it once.
   */
  key?: string;
}

/** `<hash of the key@the sender's domain>`: the same for every send of one delivery, unguessable from outside. */
export function keyedMessageId(key: string, from: string): string {
  const domain = /@([^\s@<>]+)>?\s*$/.exec(from)?.[1] ?? 'pressroom.local';
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 40)}@${domain}>`;
}

/** Sends mail; resolves once the SMTP server has accepted the message. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * A mailer over SMTP: `smtp://` (STARTTLS when offered) or `smtps://`, credentials in the URL when the server
 * needs them. Short timeouts, because a person is waiting on the request that sends the message.
 */
export function createMailer(settings: { smtpUrl: string; from: string }): Mailer {
  const url = new URL(settings.smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    secure: url.protocol === 'smtps:',
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send({ key, ...message }) {
      await transport.sendMail({ from: settings.from, ...message, ...(key ? { messageId: keyedMessageId(key, settings.from) } : {}) });
    },
  };
}

/** Where mail about people's requests goes and the links in it point. */
export interface MailSettings {
  supportEmail: string;
  portalUrl: string;
  /** The Temporal UI's list of this namespace's workflows; a run is `<workflowsUrl>/<workflowId>`. */
  workflowsUrl: string;
  /** Signs the e-book download links a sale's mail carries (libs/sales/download-links.ts). */
  downloadLinkKey: string;
}

export const mailSettingsFrom = (
  config: { SUPPORT_EMAIL: string; PORTAL_URL: string; TEMPORAL_UI_URL: string; TEMPORAL_NAMESPACE: string } & DownloadLinkSecrets,
): MailSettings => ({
  supportEmail: config.SUPPORT_EMAIL,
  portalUrl: config.PORTAL_URL,
  downloadLinkKey: downloadLinkKey(config),
  workflowsUrl: `${config.TEMPORAL_UI_URL.replace(/\/+$/, '')}/namespaces/${encodeURIComponent(config.TEMPORAL_NAMESPACE)}/workflows`,
});
