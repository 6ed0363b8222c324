import { describe, expect, it } from 'vitest';
import { boundedLookup, lookupBy } from './bounded-lookup.js';

describe('lookupBy', () => {
  it('answers an address as itself, and a name from the hosts file as getaddrinfo does', async () => {
    expect(await lookupBy('127.0.0.1', Date.now() + 10_000)).toEqual({
      addresses: [{ address: '127.0.0.1', family: 4 }],
    });
    const local = await lookupBy('localhost', Date.now() + 30_000);
    expect('addresses' in local && local.addresses.some((a) => a.address === '127.0.0.1' || a.address === '::1')).toBe(
      true,
    );
  });

  it('gives up at the deadline with "no answer", and names a refusal by its code', async () => {
    expect(await lookupBy('deadline-passed.invalid', Date.now() - 1)).toEqual({ error: 'no answer' });
    // RFC 6761: .invalid never resolves.
    const invalid = await lookupBy('name.invalid', Date.now() + 30_000);
    expect('error' in invalid && /^E[A-Z_]+$/.test(invalid.error)).toBe(true);
  });
});

describe('boundedLookup', () => {
  it('answers both calling forms of net.connect', async () => {
    const lookup = boundedLookup(Date.now() + 30_000);
    const one = await new Promise((r) => lookup('127.0.0.1', {}, (e, address, family) => r([e, address, family])));
    expect(one).toEqual([null, '127.0.0.1', 4]);
    const all = await new Promise((r) => lookup('127.0.0.1', { all: true }, (e, list) => r([e, list])));
    expect(all).toEqual([null, [{ address: '127.0.0.1', family: 4 }]]);
  });
});
