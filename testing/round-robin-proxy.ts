// A loopback reverse proxy that hands each request to the next of its upstreams in turn (as nginx or Caddy would with
// round_robin), streaming both ways so server-sent events pass as they are written. It records who served what.
import { request as forward, createServer, type Server } from 'node:http';

export interface Proxied {
  upstream: number;
  method: string;
  path: string;
  status: number;
}

export class RoundRobinProxy {
  readonly served: Proxied[] = [];
  url = '';
  #next = 0;
  #server: Server | undefined;

  constructor(readonly upstreams: readonly string[]) {}

  async start(): Promise<this> {
    this.#server = createServer((req, res) => {
      const upstream = this.#next++ % this.upstreams.length;
      const target = new URL(req.url ?? '/', this.upstreams[upstream]);
      const out = forward(target, { method: req.method, headers: { ...req.headers, host: target.host, 'x-forwarded-for': req.socket.remoteAddress ?? '' } }, (answer) => {
        this.served.push({ upstream, method: req.method ?? '', path: req.url ?? '', status: answer.statusCode ?? 0 });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => {
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      });
      req.pipe(out);
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  /** The upstream the next request will go to. */
  get nextUpstream(): number {
    return this.#next % this.upstreams.length;
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise((resolve) => this.#server?.close(resolve));
  }
}
