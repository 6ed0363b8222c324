/**
 * A plain `emit` never loads OpenTelemetry's SDK; one with an OTLP endpoint does, and only the encoding
 * it sends. Checked in a real child process whose module loader names every module it loads.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OtlpReceiver, startOtlpReceiver } from '../helpers/otlp-receiver.js';

const dir = mkdtempSync(join(tmpdir(), 'tmg-otlp-loading-'));
const hooks = join(dir, 'hooks.mjs');
writeFileSync(
  hooks,
  'export async function load(url, c, next) { process.stderr.write(`LOAD ${url}\\n`); return next(url, c); }\n',
);
const register = join(dir, 'register.mjs');
writeFileSync(
  register,
  `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
);

/** The OpenTelemetry packages a child process loaded while running the CLI's emit with `env`. */
async function packagesLoaded(env: NodeJS.ProcessEnv, flags: string[]): Promise<string[]> {
  const main = pathToFileURL(resolve('src/cli/main.ts')).href;
  const script = join(dir, `main-${Math.random().toString(36).slice(2)}.mts`);
  const args = ['emit', '--csv', 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv', '--quiet', ...flags];
  writeFileSync(
    script,
    `import { main } from ${JSON.stringify(main)};\nconst code = await main(${JSON.stringify(args)}, process.env);\nconsole.log('done', code);\n`,
  );
  // Not spawnSync: the receiver answers from this process's event loop.
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', register, script], {
    env: { PATH: process.env.PATH, ...env },
  });
  const r = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (r.stdout += d));
  child.stderr.on('data', (d) => (r.stderr += d));
  await new Promise((done) => child.on('close', done));
  expect(r.stdout).toContain('done 0');
  const names = r.stderr
    .split('\n')
    .filter((l) => l.startsWith('LOAD '))
    .map((l) => /\/node_modules\/(@opentelemetry\/[^/]+)\//.exec(l)?.[1])
    .filter((n): n is string => !!n);
  return [...new Set(names)];
}

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver.close());

describe('what an OTLP endpoint loads', () => {
  it('without one: no OpenTelemetry package at all', async () => {
    expect(await packagesLoaded({}, ['--dry-run'])).toEqual([]);
  });

  it('with one and a dry run, which sends nothing: none either', async () => {
    expect(await packagesLoaded({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }, ['--dry-run'])).toEqual([]);
  });

  it('with one: the SDK and the protobuf exporter, not the JSON one', async () => {
    const before = receiver.spans.length;
    const loaded = await packagesLoaded({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }, ['--statsd-protocol', 'udp']);
    expect(loaded).toEqual(
      expect.arrayContaining(['@opentelemetry/sdk-trace', '@opentelemetry/exporter-trace-otlp-proto']),
    );
    expect(loaded).not.toContain('@opentelemetry/exporter-trace-otlp-http');
    expect(receiver.spans.length).toBeGreaterThan(before);
  });
});
