/**
 * The bundler's answer to pg's "Cloudflare Worker?" probe, run on the installed pg's own stream.js: the
 * module it makes picks Node's net sockets without touching the fetch globals (which load undici).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, without types
import { pgNodeStreams } from '../../scripts/pg-node-streams.mjs';

const require = createRequire(import.meta.url);
const STREAM = require.resolve('pg/lib/stream.js');

/** Evaluate a CommonJS module's text where touching Response or navigator throws. */
function load(code: string): { getStream(ssl: boolean): unknown } {
  const module = { exports: {} as { getStream(ssl: boolean): unknown } };
  const sandbox = { module, exports: module.exports, require };
  for (const name of ['Response', 'navigator'])
    Object.defineProperty(sandbox, name, {
      get() {
        throw new Error(`${name} was touched`);
      },
    });
  runInNewContext(code, sandbox);
  return module.exports;
}

describe('pg-node-streams bundler plugin', () => {
  const original = readFileSync(STREAM, 'utf8');
  const transform = (code: string, id: string) =>
    pgNodeStreams.transform.call(
      {
        error: (m: string) => {
          throw new Error(m);
        },
      },
      code,
      id,
    );

  it('pg as installed probes the fetch globals at load time (what the plugin is for)', () => {
    expect(() => load(original)).toThrow(/was touched/);
  });

  it('the bundled pg picks net sockets without the probe', () => {
    const out = transform(original, STREAM) as { code: string };
    const streams = load(out.code);
    expect(streams.getStream(false)).toBeInstanceOf(Socket);
  });

  it('leaves other modules alone, and stops the build when pg asks differently', () => {
    expect(transform(original, '/x/node_modules/pg/lib/client.js')).toBeNull();
    expect(() => transform('module.exports = {}', STREAM)).toThrow(/review this plugin/);
  });
});
