// The Lulu simulator (testing/print-simulator) as the stack and the tests use it: jobs move through Lulu's statuses to
// SHIPPED with tracking, every change is posted to the webhooks signed as Lulu signs, and it fails on request.
import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_MARKER, printSimulatorForFile, REJECT_MARKER, SIMULATED_PATH } from '../../testing/print-simulator/index.ts';
import type { ShippingAddress } from '../domain/index.ts';
import { LULU_SIGNATURE_HEADER, LULU_TOKEN_PATH, LuluPrintProvider, parseLuluWebhook, verifyLuluWebhook } from './lulu.ts';
import type { PrintJobRequest } from './provider.ts';

const BW = '0600X0900.BW.STD.PB.060UW444.MXX';
const US: ShippingAddress = { name: 'Ada Author', address_line1: '1 Main St', city: 'Springfield', state: 'IL', postcode: '62701', country: 'US', phone: '+1 217 555 0100' };

/** A loopback server standing for our file store (PDFs at presigned URLs) and for our webhook endpoint. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
/** Webhook paths that answer 500. */
const refusing = new Set<string>();
const files: Server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.url?.startsWith('/hooks/')) {
      received.push({ path: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(refusing.has(req.url) ? 500 : 200).end();
    } else if (req.url === '/book.pdf') res.writeHead(200, { 'Content-Type': 'application/pdf' }).end('%PDF-1.7\n% a book\n');
    else if (req.url === '/notes.txt') res.writeHead(200).end('just some notes');
    else res.writeHead(404).end();
  });
});
await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(files.address() as { port: number }).port}`;
afterAll(() => new Promise<void>((resolve) => files.close(() => resolve())));

const simulator = await printSimulatorForFile({ stepMs: 20, webhookRetryMs: 1 });
const hookUrl = `${origin}/hooks/pressroom`;
simulator.subscribe(hookUrl);
const lulu = new LuluPrintProvider({ apiUrl: simulator.url, clientKey: simulator.clientKey, clientSecret: simulator.clientSecret, backoffMs: 1 });

const jobRequest = (title: string, overrides: Partial<PrintJobRequest> = {}): PrintJobRequest => ({
  externalId: `PB-${Date.now()}-${Math.random()}`,
  contactEmail: 'ada@example.com',
  title,
  podPackageId: BW,
  quantity: 10,
  interiorUrl: `${origin}/book.pdf`,
  coverUrl: `${origin}/book.pdf`,
  address: US,
  shippingLevel: 'MAIL',
  ...overrides,
});
/** What our main subscription received about a job. */
const hooksFor = (jobId: string) => received.filter((r) => r.path === '/hooks/pressroom' && parseLuluWebhook(r.body)?.job.id === jobId);
const statusesPosted = (jobId: string) => hooksFor(jobId).map((r) => parseLuluWebhook(r.body)?.job.status);
const settledAt = async (jobId: string, status: string) => vi.waitFor(() => expect(statusesPosted(jobId).at(-1)).toBe(status), { timeout: 10_000, interval: 20 });

beforeEach(() => {
  simulator.setPace(20);
});

describe('the Lulu simulator', () => {
  it('moves a job to SHIPPED with tracking, posting every change signed with the API secret', async () => {
    const { id } = await lulu.createPrintJob(jobRequest('The Quiet Garden'));
    await settledAt(id, 'SHIPPED');
    expect(statusesPosted(id)).toEqual(SIMULATED_PATH.slice(1));
    for (const hook of hooksFor(id)) {
      expect(hook.headers['content-type']).toBe('application/json');
      expect(verifyLuluWebhook(hook.body, hook.headers[LULU_SIGNATURE_HEADER.toLowerCase()], simulator.clientSecret)).toBe(true);
      expect(verifyLuluWebhook(hook.body, hook.headers[LULU_SIGNATURE_HEADER.toLowerCase()], 'another-secret')).toBe(false);
      expect(JSON.parse(hook.body)).toMatchObject({ topic: 'PRINT_JOB_STATUS_CHANGED', data: { id: Number(id), contact_email: 'ada@example.com' } });
    }
    const shipped = parseLuluWebhook(hooksFor(id).at(-1)?.body ?? '')?.job;
    expect(shipped).toMatchObject({ status: 'SHIPPED', carrierName: 'USPS' });
    expect(shipped?.trackingId).toMatch(/^SIM/);
    expect(await lulu.getPrintJob(id)).toEqual(shipped);
    expect((await fetch(shipped?.trackingUrls[0] ?? '')).status).toBe(200);
  });

  it(`rejects a job whose title carries ${REJECT_MARKER}, with a message`, async () => {
    const { id } = await lulu.createPrintJob(jobRequest(`Broken ${REJECT_MARKER}`));
    await settledAt(id, 'REJECTED');
    expect(statusesPosted(id)).toEqual(['REJECTED']);
    expect(await lulu.getPrintJob(id)).toMatchObject({ status: 'REJECTED', message: expect.stringContaining('Rejected on request') });
  });

  it(`cancels a job carrying ${CANCEL_MARKER} once it is unpaid`, async () => {
    const { id } = await lulu.createPrintJob(jobRequest(`Second thoughts ${CANCEL_MARKER}`));
    await settledAt(id, 'CANCELED');
    expect(statusesPosted(id)).toEqual(['UNPAID', 'CANCELED']);
  });

  it('rejects a job whose file does not answer as a PDF, as Lulu does when it cannot use it', async () => {
    const notPdf = await lulu.createPrintJob(jobRequest('Notes', { interiorUrl: `${origin}/notes.txt` }));
    const missing = await lulu.createPrintJob(jobRequest('Gone', { coverUrl: `${origin}/gone.pdf` }));
    await settledAt(notPdf.id, 'REJECTED');
    await settledAt(missing.id, 'REJECTED');
    expect((await lulu.getPrintJob(notPdf.id)).message).toBe('Interior file is not a PDF.');
    expect((await lulu.getPrintJob(missing.id)).message).toBe('Cover file could not be downloaded (HTTP 404).');
  });

  it('moves jobs only on request when the pace is manual, and cancels an unpaid job through Lulu’s status endpoint', async () => {
    simulator.setPace('manual');
    const { id } = await lulu.createPrintJob(jobRequest('Patience'));
    const control = (path: string, body: unknown) => fetch(`${simulator.url}/__control${path}`, { method: 'POST', body: JSON.stringify(body) });
    expect((await control(`/print-jobs/${id}/advance`, {})).status).toBe(200);
    expect((await lulu.getPrintJob(id)).status).toBe('UNPAID');
    const token = (await (await fetch(`${simulator.url}${LULU_TOKEN_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${simulator.clientKey}:${simulator.clientSecret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    })).json()) as { access_token: string };
    const cancel = await fetch(`${simulator.url}/print-jobs/${id}/status/`, { method: 'PUT', headers: { Authorization: `Bearer ${token.access_token}` }, body: JSON.stringify({ name: 'CANCELED' }) });
    expect(cancel.status).toBe(200);
    expect((await lulu.getPrintJob(id)).status).toBe('CANCELED');
    await settledAt(id, 'CANCELED');

    const other = await lulu.createPrintJob(jobRequest('Refused'));
    expect((await control(`/print-jobs/${other.id}/status`, { name: 'REJECTED', message: 'Interior margins too small' })).status).toBe(200);
    expect(await lulu.getPrintJob(other.id)).toMatchObject({ status: 'REJECTED', message: 'Interior margins too small' });
  });

  it('answers 5xx, 429 or nothing when told to over its control endpoint', async () => {
    const control = (body: unknown) => fetch(`${simulator.url}/__control/faults`, { method: 'POST', body: JSON.stringify(body) });
    expect((await control({ status: 500, count: 1, path: '/cover-dimensions/' })).status).toBe(200);
    expect((await control({ status: 429, count: 1, retryAfter: 0, path: '/cover-dimensions/' })).status).toBe(200);
    const before = simulator.requests.length;
    expect((await lulu.coverDimensions(BW, 100)).height).toBe(666);
    expect(simulator.requests.slice(before).filter((r) => r.path === '/cover-dimensions/')).toHaveLength(3);
    expect((await control({ status: 'timeout', count: 1, path: '/cover-dimensions/' })).status).toBe(200);
    const hanging = new LuluPrintProvider({ apiUrl: simulator.url, clientKey: simulator.clientKey, clientSecret: simulator.clientSecret, timeoutMs: 150, retries: 0 });
    await expect(hanging.coverDimensions(BW, 100)).rejects.toMatchObject({ retryable: true, message: expect.stringContaining('did not answer') });
    expect((await control({ status: 418 })).status).toBe(400);
  });

  it('retries a webhook the receiver refuses, and switches the subscription off after five failed submissions', async () => {
    simulator.setPace('manual');
    const url = `${origin}/hooks/failing-${Date.now()}`;
    const hook = simulator.subscribe(url);
    refusing.add(new URL(url).pathname);
    const { id } = await lulu.createPrintJob(jobRequest('Unheard'));
    for (let i = 0; i < 5; i++) await simulator.advance(id);
    await simulator.settled();
    const failed = simulator.submissions.filter((s) => s.url === url);
    expect(failed.map((s) => [s.status, s.attempts])).toEqual(Array.from({ length: 5 }, () => [500, 6]));
    expect(simulator.webhooks.find((h) => h.id === hook.id)?.is_active).toBe(false);
    expect(received.filter((r) => r.path === new URL(url).pathname)).toHaveLength(30);
    expect(simulator.webhooks.find((h) => h.url === hookUrl)?.is_active).toBe(true);
    expect(statusesPosted(id)).toEqual(SIMULATED_PATH.slice(1, 6));
  });

  it("validates files as Lulu's validation endpoints do", async () => {
    const lulu = new LuluPrintProvider({ apiUrl: simulator.url, clientKey: simulator.clientKey, clientSecret: simulator.clientSecret, validationPollMs: 10 });
    expect(await lulu.validateFiles({ podPackageId: BW, pageCount: 120, interiorUrl: `${origin}/book.pdf`, coverUrl: `${origin}/book.pdf` })).toEqual({
      status: 'valid',
      errors: [],
      pageCount: null,
    });
    expect(await lulu.validateFiles({ podPackageId: BW, pageCount: 120, interiorUrl: `${origin}/notes.txt`, coverUrl: `${origin}/gone.pdf` })).toEqual({
      status: 'invalid',
      errors: ['Interior: The file is not a PDF.', 'Cover: The file could not be downloaded (HTTP 404).'],
      pageCount: null,
    });
  });
});

describe('the simulator process (what npm start runs)', () => {
  it('serves Lulu at LULU_API_URL with the configured credentials and webhook', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const env = { LULU_API_URL: `http://127.0.0.1:${port}`, LULU_CLIENT_KEY: 'process-key', LULU_CLIENT_SECRET: 'process-secret', LULU_WEBHOOK_URL: `${origin}/hooks/process` };
    const child = spawn(process.execPath, [join(import.meta.dirname, '../../testing/print-simulator/main.ts'), '--step-ms', '10'], { env: { ...process.env, ...env }, stdio: 'ignore' });
    try {
      const lulu = new LuluPrintProvider({ apiUrl: env.LULU_API_URL, clientKey: env.LULU_CLIENT_KEY, clientSecret: env.LULU_CLIENT_SECRET, backoffMs: 200, retries: 10 });
      await lulu.products(); // retried until the process listens
      const { id } = await lulu.createPrintJob(jobRequest('From the process'));
      await vi.waitFor(() => expect(received.filter((r) => r.path === '/hooks/process').map((r) => parseLuluWebhook(r.body)?.job.status).at(-1)).toBe('SHIPPED'), { timeout: 10_000, interval: 20 });
      const last = received.filter((r) => r.path === '/hooks/process').at(-1);
      expect(verifyLuluWebhook(last?.body ?? '', last?.headers[LULU_SIGNATURE_HEADER.toLowerCase()], 'process-secret')).toBe(true);
      expect((await lulu.getPrintJob(id)).status).toBe('SHIPPED');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
