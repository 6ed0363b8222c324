/**
 * A host name looked up as every program on the machine looks it up (getaddrinfo(3): the hosts file,
 * search domains, nsswitch), in a child process that is killed at the deadline. Node's own dns.lookup runs
 * getaddrinfo on libuv's thread pool, where it cannot be cancelled and where the process waits for it at
 * exit: an abandoned lookup against a silent DNS server would hold the job until the resolver gives up, a
 * minute or more after the sink-timeout. The child gets only the variables the resolver reads.
 */
import { spawn } from 'node:child_process';
import { isIP, type LookupFunction } from 'node:net';

export interface LookedUp {
  address: string;
  family: number;
}

/** getaddrinfo in a child: prints `{"addresses":[…]}` or `{"error":"ENOTFOUND"}`. */
const CHILD = `require('node:dns').lookup(process.argv[1], { all: true }, (e, a) =>
  process.stdout.write(JSON.stringify(e ? { error: e.code || String(e) } : { addresses: a })));`;

/** Variables glibc's resolver reads; nothing else (no token, no key) reaches the child. */
const RESOLVER_VARIABLES = ['LOCALDOMAIN', 'RES_OPTIONS', 'HOSTALIASES'];

/** Answers are kept this long, so a batch of requests (or a watch's flushes) looks a host up once. */
const KEEP_MS = 60_000;
const answers = new Map<string, { addresses: LookedUp[]; at: number }>();

/** `host`'s addresses, or an error code ("ENOTFOUND") or sentence; never later than `deadline` (ms since the epoch). */
export async function lookupBy(host: string, deadline: number): Promise<{ addresses: LookedUp[] } | { error: string }> {
  const family = isIP(host);
  if (family) return { addresses: [{ address: host, family }] };
  const kept = answers.get(host);
  if (kept && Date.now() - kept.at < KEEP_MS) return { addresses: kept.addresses };
  const env: Record<string, string> = {};
  for (const name of RESOLVER_VARIABLES) if (process.env[name] !== undefined) env[name] = process.env[name]!;
  const child = spawn(process.execPath, ['-e', CHILD, host], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  const answered = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(
      () => {
        child.kill('SIGKILL');
        resolve(false);
      },
      // A timer longer than 2³¹ − 1 ms would fire at once.
      Math.min(Math.max(0, deadline - Date.now()), 2 ** 31 - 1),
    );
    child.on('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!answered) return { error: 'no answer' };
  try {
    const parsed = JSON.parse(out) as { addresses?: LookedUp[]; error?: string };
    if (parsed.addresses?.length) {
      answers.set(host, { addresses: parsed.addresses, at: Date.now() });
      return { addresses: parsed.addresses };
    }
    return { error: parsed.error ?? 'ENOTFOUND' };
  } catch {
    return { error: 'the lookup failed' };
  }
}

/** A `lookup` for net/http/undici connections that ends by `deadline` (both of its calling forms). */
export function boundedLookup(deadline: number): LookupFunction {
  return (hostname, options, callback) => {
    void lookupBy(hostname, deadline).then((r) => {
      if ('error' in r) {
        const err = Object.assign(new Error(`getaddrinfo ${r.error} ${hostname}`), {
          code: r.error === 'no answer' ? 'EAI_AGAIN' : r.error,
          hostname,
        });
        callback(err, '', 0);
        return;
      }
      const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
      const list = wanted ? r.addresses.filter((a) => a.family === wanted) : r.addresses;
      if (list[0] && options.all) (callback as unknown as (e: null, a: LookedUp[]) => void)(null, list);
      else if (list[0]) callback(null, list[0].address, list[0].family);
      // No address of the family asked for: as getaddrinfo says it, for either calling form.
      else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    });
  };
}
