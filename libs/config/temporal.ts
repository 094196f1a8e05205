import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The variables that say how to reach Temporal (a local dev server, a self-hosted cluster, or Temporal Cloud). */
export interface TemporalSettings {
  TEMPORAL_ADDRESS: string;
  TEMPORAL_NAMESPACE: string;
  TEMPORAL_TLS?: boolean | undefined;
  TEMPORAL_TLS_CERT?: string | undefined;
  TEMPORAL_TLS_KEY?: string | undefined;
  TEMPORAL_TLS_SERVER_CA?: string | undefined;
  TEMPORAL_TLS_SERVER_NAME?: string | undefined;
  TEMPORAL_API_KEY?: string | undefined;
}

/**
 * What both `Connection` (@temporalio/client) and `NativeConnection` (@temporalio/worker) accept: every connection to
 * Temporal, the API's, the worker's, the setup's and the tests', is built from this, so none is left without TLS.
 */
export interface TemporalConnectionOptions {
  address: string;
  tls?: {
    serverNameOverride?: string;
    serverRootCACertificate?: Buffer;
    clientCertPair?: { crt: Buffer; key: Buffer };
  };
  apiKey?: string;
  /** Temporal Cloud routes an API-key request by this header; the SDK sets it only on some of its calls. */
  metadata?: Record<string, string>;
}

/** Whether the connection uses TLS: TEMPORAL_TLS when set, otherwise as soon as any TLS setting or an API key is. */
export function temporalUsesTls(settings: Partial<TemporalSettings>): boolean {
  if (settings.TEMPORAL_TLS !== undefined) return settings.TEMPORAL_TLS;
  return Boolean(settings.TEMPORAL_TLS_CERT || settings.TEMPORAL_TLS_KEY || settings.TEMPORAL_TLS_SERVER_CA || settings.TEMPORAL_TLS_SERVER_NAME || settings.TEMPORAL_API_KEY);
}

/** The configuration mistakes loadConfig refuses before anything connects: half a client certificate, TLS settings with TLS off. */
export function temporalSettingsProblems(settings: Partial<TemporalSettings>): string[] {
  const problems: string[] = [];
  if (settings.TEMPORAL_TLS_CERT && !settings.TEMPORAL_TLS_KEY) problems.push('TEMPORAL_TLS_KEY is required with TEMPORAL_TLS_CERT (the client certificate and its private key go together)');
  if (settings.TEMPORAL_TLS_KEY && !settings.TEMPORAL_TLS_CERT) problems.push('TEMPORAL_TLS_CERT is required with TEMPORAL_TLS_KEY (the client certificate and its private key go together)');
  if (settings.TEMPORAL_TLS === false) {
    const set = (['TEMPORAL_TLS_CERT', 'TEMPORAL_TLS_KEY', 'TEMPORAL_TLS_SERVER_CA', 'TEMPORAL_TLS_SERVER_NAME', 'TEMPORAL_API_KEY'] as const).filter((key) => settings[key]);
    if (set.length) problems.push(`TEMPORAL_TLS is off, but ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set: they are sent over TLS only (unset TEMPORAL_TLS, or set it to true)`);
  }
  return problems;
}

/** A PEM given inline, or read from the file the variable names; a clear error naming the variable otherwise. */
function pem(variable: string, value: string, kind: 'certificate' | 'private key'): Buffer {
  let text = value;
  if (!value.includes('-----BEGIN')) {
    try {
      text = readFileSync(value, 'utf8');
    } catch (error) {
      throw new Error(`${variable}: cannot read ${value} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); give the file's path or the PEM itself`, { cause: error });
    }
  }
  const marker = kind === 'certificate' ? /-----BEGIN CERTIFICATE-----/ : /-----BEGIN ([A-Z]+ )?PRIVATE KEY-----/;
  if (!marker.test(text)) throw new Error(`${variable}: ${value.includes('-----BEGIN') ? 'the value' : value} holds no PEM ${kind}`);
  return Buffer.from(text);
}

/**
 * Turns the configuration into connection options, reading the certificate files once. Throws, naming the variable,
 * when a file cannot be read, holds no PEM, or the client key does not belong to the client certificate: the process
 * stops at start rather than at its first call.
 */
export function temporalConnectionOptions(settings: TemporalSettings): TemporalConnectionOptions {
  const problems = temporalSettingsProblems(settings);
  if (problems.length) throw new Error(`Invalid Temporal configuration: ${problems.join('; ')}`);
  const options: TemporalConnectionOptions = { address: settings.TEMPORAL_ADDRESS };
  if (!temporalUsesTls(settings)) return options;
  options.tls = {};
  if (settings.TEMPORAL_TLS_SERVER_NAME) options.tls.serverNameOverride = settings.TEMPORAL_TLS_SERVER_NAME;
  if (settings.TEMPORAL_TLS_SERVER_CA) options.tls.serverRootCACertificate = pem('TEMPORAL_TLS_SERVER_CA', settings.TEMPORAL_TLS_SERVER_CA, 'certificate');
  if (settings.TEMPORAL_TLS_CERT && settings.TEMPORAL_TLS_KEY) {
    const crt = pem('TEMPORAL_TLS_CERT', settings.TEMPORAL_TLS_CERT, 'certificate');
    const key = pem('TEMPORAL_TLS_KEY', settings.TEMPORAL_TLS_KEY, 'private key');
    let matches: boolean;
    try {
      matches = new X509Certificate(crt).checkPrivateKey(createPrivateKey(key));
    } catch (error) {
      throw new Error(`TEMPORAL_TLS_CERT / TEMPORAL_TLS_KEY: cannot be read as a certificate and its private key (${(error as Error).message})`, { cause: error });
    }
    if (!matches) throw new Error('TEMPORAL_TLS_KEY is not the private key of the certificate in TEMPORAL_TLS_CERT');
    options.tls.clientCertPair = { crt, key };
  }
  if (settings.TEMPORAL_API_KEY) {
    options.apiKey = settings.TEMPORAL_API_KEY;
    options.metadata = { 'temporal-namespace': settings.TEMPORAL_NAMESPACE };
  }
  return options;
}

/** How the log names the connection (never the key or a certificate). */
export function describeTemporalConnection(settings: TemporalSettings): string {
  if (!temporalUsesTls(settings)) return `${settings.TEMPORAL_ADDRESS} (plain gRPC)`;
  const how = [settings.TEMPORAL_TLS_CERT ? 'a client certificate' : null, settings.TEMPORAL_API_KEY ? 'an API key' : null].filter(Boolean).join(' and ');
  return `${settings.TEMPORAL_ADDRESS} over TLS${settings.TEMPORAL_TLS_SERVER_NAME ? ` as ${settings.TEMPORAL_TLS_SERVER_NAME}` : ''}${how ? ` with ${how}` : ''}`;
}
