import { isIP } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { Connection } from '@temporalio/client';
import { describeTemporalConnection, temporalConnectionOptions, temporalUsesTls, type TemporalSettings } from './temporal.ts';

/** gRPC status codes a Temporal front answers a bad or missing credential with. */
const UNAUTHENTICATED = 16;
const PERMISSION_DENIED = 7;

/** The TLS handshake alone, with the connection's own CA, name and client certificate: why it fails, or null. */
function handshakeProblem(settings: TemporalSettings): Promise<string | null> {
  const { tls } = temporalConnectionOptions(settings);
  const colon = settings.TEMPORAL_ADDRESS.lastIndexOf(':');
  const host = settings.TEMPORAL_ADDRESS.slice(0, colon);
  const servername = tls?.serverNameOverride ?? (isIP(host) ? undefined : host);
  return new Promise((resolve) => {
    let timer = setTimeout(() => done('no TLS handshake within 10 s'), 10_000);
    const socket = tlsConnect({
      host,
      port: Number(settings.TEMPORAL_ADDRESS.slice(colon + 1)),
      ...(servername ? { servername } : {}),
      ALPNProtocols: ['h2'],
      ...(tls?.serverRootCACertificate ? { ca: tls.serverRootCACertificate } : {}),
      ...(tls?.clientCertPair ? { cert: tls.clientCertPair.crt, key: tls.clientCertPair.key } : {}),
    });
    const done = (problem: string | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(problem);
    };
    // With TLS 1.3 a server refuses the client's certificate after the client's side of the handshake is done: by an
    // alert, or (Node's own TLS servers) by hanging up. An HTTP/2 server that accepts it speaks first (its SETTINGS).
    let secure = false;
    socket.once('secureConnect', () => {
      secure = true;
      socket.resume();
      clearTimeout(timer);
      timer = setTimeout(() => done(null), 1000);
    });
    socket.once('data', () => done(null));
    socket.once('error', (error: NodeJS.ErrnoException) => done(explainTlsError(error, servername ?? host)));
    socket.once('close', () =>
      done(secure && tls?.clientCertPair ? 'the server hung up right after the TLS handshake: it refused the client certificate in TEMPORAL_TLS_CERT' : null),
    );
  });
}

const UNTRUSTED = /^(SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|CERT_UNTRUSTED|CERT_SIGNATURE_FAILURE)$/;

function explainTlsError(error: NodeJS.ErrnoException, servername: string): string {
  const code = error.code ?? '';
  // OpenSSL's messages carry its source position; its reason is enough.
  const reason = /SSL routines:[^:]*:([^:]+):/.exec(error.message)?.[1] ?? error.message.trim();
  const what = code && !reason.includes(code) ? `${reason}, ${code}` : reason;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return `the server's certificate is not for "${servername}" (${what}): set TEMPORAL_TLS_SERVER_NAME to a name it is for`;
  if (UNTRUSTED.test(code)) return `the server's certificate is not signed by a trusted CA (${what}): set TEMPORAL_TLS_SERVER_CA to the CA that signed it`;
  if (/^CERT_(HAS_EXPIRED|NOT_YET_VALID)$/.test(code)) return `the server's certificate is not valid now (${what})`;
  if (/CERTIFICATE_REQUIRED|peer did not return a certificate/i.test(`${code} ${reason}`)) {
    return `the server asks for a client certificate (${what}): set TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY`;
  }
  if (/UNKNOWN_CA|BAD_CERTIFICATE|CERTIFICATE_UNKNOWN|alert unknown ca|alert bad certificate/i.test(`${code} ${reason}`)) {
    return `the server refused the client certificate in TEMPORAL_TLS_CERT (${what})`;
  }
  if (/WRONG_VERSION_NUMBER|packet length too long/i.test(`${code} ${reason}`)) return `the server does not speak TLS (${what}): unset TEMPORAL_TLS and its settings`;
  return `the TLS handshake failed (${what})`;
}

/** The worker's connection (Rust) names a status by its description rather than its number. */
const REFUSED_BY_DESCRIPTION = /code: '(The request does not have valid authentication credentials|The caller does not have permission[^']*)', message: "([^"]*)"/;

/**
 * Whether an error from the SDK is a refused credential, and the server's words: the client wraps the gRPC status in
 * "Failed to connect to Temporal server", the worker's connection writes it out.
 */
function refusedCredential(error: unknown): string | null {
  for (let e = error as { code?: unknown; details?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === UNAUTHENTICATED || e.code === PERMISSION_DENIED) return typeof e.details === 'string' ? e.details : String(e.message);
    const described = REFUSED_BY_DESCRIPTION.exec(String(e.message));
    if (described) return described[2] ?? described[1] ?? '';
  }
  return null;
}

/**
 * An error that says why Temporal could not be reached, naming the variable to fix: a TLS handshake that fails (an
 * unknown CA, a wrong server name, a client certificate missing or refused) or a credential refused (the API key).
 */
export async function explainTemporalFailure(settings: TemporalSettings, error: unknown): Promise<Error> {
  const where = describeTemporalConnection(settings);
  const refused = refusedCredential(error);
  if (refused !== null) {
    const hint = settings.TEMPORAL_API_KEY ? 'check TEMPORAL_API_KEY' : 'it wants credentials: set TEMPORAL_API_KEY, or TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY';
    return new Error(`Temporal at ${where} refused the credentials (${refused}): ${hint}`, { cause: error });
  }
  const tls = temporalUsesTls(settings);
  const problem = await handshakeProblem(tls ? settings : { ...settings, TEMPORAL_TLS: true }).catch(() => null);
  if (tls && problem) return new Error(`Temporal at ${where}: ${problem}`, { cause: error });
  if (!tls && !/does not speak TLS|the TLS handshake failed|no TLS handshake/.test(problem ?? '')) {
    return new Error(`Temporal at ${where} could not be reached: it answers over TLS; set TEMPORAL_TLS=true (and TEMPORAL_TLS_SERVER_CA for a private CA)`, { cause: error });
  }
  const message = error instanceof Error ? [error.message, (error.cause as Error | undefined)?.message].filter(Boolean).join(': ') : String(error);
  return new Error(`Temporal at ${where} could not be reached (${message})`, { cause: error });
}

/** A client connection to Temporal as configured (TLS, client certificate, API key), failing with explainTemporalFailure's reason. */
export async function connectTemporal(settings: TemporalSettings, extra: { connectTimeout?: number } = {}): Promise<Connection> {
  const options = temporalConnectionOptions(settings);
  try {
    return await Connection.connect({ ...options, ...extra });
  } catch (error) {
    throw await explainTemporalFailure(settings, error);
  }
}
