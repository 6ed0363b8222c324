/** The StatsD transport parameters as both shells read them (src/parameters.ts). */
import { describe, expect, it } from 'vitest';
import { githubContextFromEnv } from '../../src/options.js';
import { resolveOptions } from '../../src/parameters.js';

const resolve = (raw: Record<string, string>, env: Record<string, string> = {}, shell: 'cli' | 'action' = 'cli') =>
  resolveOptions('emit', { csv: 'a.csv', ...raw }, githubContextFromEnv({}), env, shell);

describe('statsd-protocol, statsd-max-bytes-per-ms, statsd-env-tags', () => {
  it('default to auto (TCP where accepted, else paced UDP) and the flavor’s env tags', () => {
    const o = resolve({});
    expect([o.statsdProtocol, o.statsdMaxBytesPerMs, o.statsdEnvTags, o.statsdHost]).toEqual([
      'auto',
      6144,
      null,
      '127.0.0.1',
    ]);
  });

  it('take tcp, a pacing rate and an env-tag level; refuse what is not one', () => {
    const o = resolve({ 'statsd-protocol': 'tcp', 'statsd-max-bytes-per-ms': '2048', 'statsd-env-tags': 'service' });
    expect([o.statsdProtocol, o.statsdMaxBytesPerMs, o.statsdEnvTags]).toEqual(['tcp', 2048, 'service']);
    expect(() => resolve({ 'statsd-protocol': 'quic' })).toThrow(
      /statsd-protocol: expected one of auto, udp, tcp, uds/,
    );
    expect(() => resolve({ 'statsd-env-tags': 'pod' })).toThrow(/statsd-env-tags: expected one of none, service, all/);
    expect(() => resolve({ 'statsd-max-bytes-per-ms': '-1' })).toThrow(/statsd-max-bytes-per-ms: expected a positive/);
  });

  it('uds: statsd-host is the socket path, from DD_DOGSTATSD_SOCKET or the Agent’s default; a relative one is refused', () => {
    expect(resolve({ 'statsd-protocol': 'uds' }).statsdHost).toBe('/var/run/datadog/dsd.socket');
    expect(resolve({ 'statsd-protocol': 'uds' }, { DD_DOGSTATSD_SOCKET: '/run/dsd.sock' }).statsdHost).toBe(
      '/run/dsd.sock',
    );
    // The action sends over a Unix socket when asked to, with no host given.
    expect(resolve({ 'statsd-protocol': 'uds' }, {}, 'action').statsdHost).toBe('/var/run/datadog/dsd.socket');
    // DD_AGENT_HOST is a UDP host, not a socket.
    expect(
      resolve({ 'statsd-protocol': 'uds', 'statsd-flavor': 'datadog' }, { DD_AGENT_HOST: 'agent' }).statsdHost,
    ).toBe('/var/run/datadog/dsd.socket');
    expect(() => resolve({ 'statsd-protocol': 'uds', 'statsd-host': 'dsd.socket' })).toThrow(
      /statsd-host: with statsd-protocol uds, the socket's absolute path/,
    );
  });
});
