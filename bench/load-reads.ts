// One window of the load test's reads (bench/load-run.ts), in a process of its own: autocannon at a fixed rate on one
// route, each response's time written out as JSON. Apart from the fake provider and the polling pages, whose work
// would otherwise delay the clock that times the responses.
// One connection: autocannon's rate sends each connection's share of a second back to back, so with four the reads
// queued behind each other (an idle p95 of 20–24 ms against 3–7 ms with one) and timed the reader's own bursts, not the
// API. Each connection's first response is left out too: it carries the TCP connect and this process's warm-up, which a
// page's kept-alive connection does not pay, and with a new reader every window it would weigh in the load's p99.
// Run by load-run.ts: node bench/load-reads.ts <url> <token> <rate> <seconds>
import autocannon from 'autocannon';

export interface WindowReads {
  samples: number[];
  non2xx: number;
  errors: number;
}

const [url, token, rate, seconds] = process.argv.slice(2);
const samples: number[] = [];
const connected = new Set<unknown>();
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    { url: url as string, connections: 1, overallRate: Number(rate), duration: Number(seconds), headers: { authorization: `Bearer ${token as string}` } },
    (error: unknown, done) => (error ? reject(error as Error) : resolve(done)),
  );
  instance.on('response', (client, _status, _bytes, ms) => {
    if (connected.has(client)) samples.push(ms);
    else connected.add(client);
  });
});
process.stdout.write(JSON.stringify({ samples, non2xx: result.non2xx, errors: result.errors + result.timeouts } satisfies WindowReads));
