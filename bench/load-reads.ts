// One window of the load test's reads (bench/load-run.ts), in a process of its own: autocannon at a fixed rate on one
// route, each response's time written out as JSON. Apart from the fake provider and the polling pages, whose work
// would otherwise delay the clock that times the responses.
// Run by load-run.ts: node bench/load-reads.ts <url> <token> <rate> <seconds>
import autocannon from 'autocannon';

export interface WindowReads {
  samples: number[];
  non2xx: number;
  errors: number;
}

const [url, token, rate, seconds] = process.argv.slice(2);
const samples: number[] = [];
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    { url: url as string, connections: 4, overallRate: Number(rate), duration: Number(seconds), headers: { authorization: `Bearer ${token as string}` } },
    (error: unknown, done) => (error ? reject(error as Error) : resolve(done)),
  );
  instance.on('response', (_client, _status, _bytes, ms) => samples.push(ms));
});
process.stdout.write(JSON.stringify({ samples, non2xx: result.non2xx, errors: result.errors + result.timeouts } satisfies WindowReads));
