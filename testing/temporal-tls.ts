// A TLS front for the test's Temporal server, standing in for Temporal Cloud: a certificate authority made in the test,
// a server certificate for a name of its own, client certificates, and a gRPC proxy (HTTP/2 over TLS) that refuses a
// connection without the right client certificate and a request without the right API key or namespace header.
import { webcrypto } from 'node:crypto';
import http2 from 'node:http2';
import type { TLSSocket } from 'node:tls';
import 'reflect-metadata'; // @peculiar/x509's dependency injection (tsyringe) needs it loaded first
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

type KeyPair = webcrypto.CryptoKeyPair;

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 86_400_000;

export interface Pem {
  cert: string;
  key: string;
}

async function keyPem(key: webcrypto.CryptoKey): Promise<string> {
  return x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY');
}

/** A certificate authority that issues server and client certificates (ECDSA P-256, valid for a day). */
export class TestCertificateAuthority {
  readonly pem: Pem;
  readonly #cert: x509.X509Certificate;
  readonly #keys: KeyPair;

  private constructor(pem: Pem, cert: x509.X509Certificate, keys: KeyPair) {
    this.pem = pem;
    this.#cert = cert;
    this.#keys = keys;
  }

  static async create(name: string): Promise<TestCertificateAuthority> {
    const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']));
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      name: `CN=${name}`,
      notBefore: new Date(Date.now() - DAY),
      notAfter: new Date(Date.now() + DAY),
      keys,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
    return new TestCertificateAuthority({ cert: cert.toString('pem'), key: await keyPem(keys.privateKey) }, cert, keys);
  }

  /** A server certificate for `dnsName`, or a client certificate named so. */
  async issue(dnsName: string, use: 'server' | 'client'): Promise<Pem> {
    const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']));
    const cert = await x509.X509CertificateGenerator.create({
      subject: `CN=${dnsName}`,
      issuer: this.#cert.subject,
      notBefore: new Date(Date.now() - DAY),
      notAfter: new Date(Date.now() + DAY),
      publicKey: keys.publicKey,
      signingKey: this.#keys.privateKey,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([use === 'server' ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth]),
        new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: dnsName }]),
        await x509.AuthorityKeyIdentifierExtension.create(this.#keys.publicKey),
      ],
    });
    return { cert: cert.toString('pem'), key: await keyPem(keys.privateKey) };
  }
}

export interface TlsProxyOptions {
  /** host:port of the plain-gRPC Temporal server behind the proxy. */
  upstream: string;
  server: Pem;
  /** Client certificates must be issued by this CA (mTLS); none are asked for without it. */
  clientCa?: string;
  /** Every request must carry `authorization: Bearer <apiKey>`. */
  apiKey?: string;
}

/** A request the proxy passed on: the client's user agent, its certificate's name and the namespace header it sent. */
export interface ProxiedRequest {
  path: string;
  userAgent: string;
  clientCertificate: string | null;
  namespace: string | null;
}

const HOP_BY_HOP = new Set([':scheme', ':authority', 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'host']);

const forwardable = (headers: http2.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name))) as http2.OutgoingHttpHeaders;

/** A TLS-terminating gRPC proxy on a loopback port in front of a plain Temporal server. */
export class TemporalTlsProxy {
  readonly passed: ProxiedRequest[] = [];
  readonly refused: { path: string; reason: string }[] = [];
  readonly handshakeErrors: string[] = [];
  readonly port: number;
  readonly #sessions = new Set<http2.ServerHttp2Session>();
  readonly #server: http2.Http2SecureServer;
  readonly #options: TlsProxyOptions;
  #upstream: http2.ClientHttp2Session | null = null;

  private constructor(server: http2.Http2SecureServer, options: TlsProxyOptions, port: number) {
    this.#server = server;
    this.#options = options;
    this.port = port;
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  static async start(options: TlsProxyOptions): Promise<TemporalTlsProxy> {
    const server = http2.createSecureServer({
      cert: options.server.cert,
      key: options.server.key,
      allowHTTP1: false,
      ...(options.clientCa ? { ca: options.clientCa, requestCert: true, rejectUnauthorized: true } : {}),
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('the TLS proxy has no port');
    const proxy = new TemporalTlsProxy(server, options, address.port);
    server.on('session', (session) => {
      proxy.#sessions.add(session);
      session.on('close', () => proxy.#sessions.delete(session));
      session.on('error', () => undefined);
    });
    server.on('tlsClientError', (error) => proxy.handshakeErrors.push(error.message));
    server.on('stream', (stream, headers) => proxy.#handle(stream, headers));
    return proxy;
  }

  #upstreamSession(): http2.ClientHttp2Session {
    if (!this.#upstream || this.#upstream.closed || this.#upstream.destroyed) {
      this.#upstream = http2.connect(`http://${this.#options.upstream}`);
      this.#upstream.on('error', () => undefined);
    }
    return this.#upstream;
  }

  /** Why the request is refused (UNAUTHENTICATED, as Temporal Cloud answers a bad key), or null. */
  #refusal(headers: http2.IncomingHttpHeaders): { code: number; message: string } | null {
    if (this.#options.apiKey === undefined || headers.authorization === `Bearer ${this.#options.apiKey}`) return null;
    return { code: 16, message: 'Request unauthorized: no valid API key' };
  }

  #handle(stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders): void {
    const path = String(headers[':path']);
    stream.on('error', () => undefined);
    const refusal = this.#refusal(headers);
    if (refusal) {
      this.refused.push({ path, reason: refusal.message });
      stream.respond({ ':status': 200, 'content-type': 'application/grpc', 'grpc-status': String(refusal.code), 'grpc-message': refusal.message }, { endStream: true });
      return;
    }
    const peer = (stream.session?.socket as TLSSocket | undefined)?.getPeerCertificate?.();
    this.passed.push({
      path,
      userAgent: String(headers['user-agent'] ?? ''),
      clientCertificate: peer?.subject ? String(peer.subject.CN) : null,
      namespace: typeof headers['temporal-namespace'] === 'string' ? headers['temporal-namespace'] : null,
    });
    const upstream = this.#upstreamSession().request(forwardable(headers));
    upstream.on('error', () => stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR));
    stream.on('close', () => {
      if (!upstream.closed) upstream.close(http2.constants.NGHTTP2_CANCEL);
    });
    stream.pipe(upstream);
    let trailers: http2.IncomingHttpHeaders | null = null;
    upstream.on('trailers', (received) => (trailers = received));
    upstream.on('response', (response) => {
      if (stream.closed) return;
      // A trailers-only answer (an error) ends with its headers.
      if (response['grpc-status'] !== undefined) {
        stream.respond(forwardable(response), { endStream: true });
        return;
      }
      stream.respond(forwardable(response), { waitForTrailers: true });
      stream.on('wantTrailers', () => stream.sendTrailers(forwardable(trailers ?? { 'grpc-status': '0' })));
      upstream.pipe(stream);
    });
  }

  async stop(): Promise<void> {
    for (const session of this.#sessions) session.destroy();
    this.#upstream?.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
