/**
 * A real statsd_exporter binary (built by hand from its source; no Debian package exists), started on
 * loopback with a mapping file: StatsD on UDP and TCP on one port, /metrics on another. For the tests
 * and benchmarks that take one through STATSD_EXPORTER=/path/to/binary.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

export interface StatsdExporterProcess {
  statsdPort: number;
  metricsUrl: string;
  /** The sum of one of its own counters' samples on /metrics (statsd_exporter_lines_total, …). */
  counter(name: string): Promise<number>;
  stop(): Promise<void>;
}

/** A free loopback TCP port (the exporter takes its ports as flags). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Start `bin` with `mappingFile`; resolves once it accepts Prometheus requests (or rejects if it exits). */
export async function startStatsdExporter(bin: string, mappingFile: string): Promise<StatsdExporterProcess> {
  const [statsdPort, webPort] = [await freePort(), await freePort()];
  const child = spawn(
    bin,
    [
      `--statsd.mapping-config=${mappingFile}`,
      `--statsd.listen-udp=127.0.0.1:${statsdPort}`,
      `--statsd.listen-tcp=127.0.0.1:${statsdPort}`,
      `--web.listen-address=127.0.0.1:${webPort}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (d) => (log += d));
  const exited = once(child, 'exit');
  while (!log.includes('Accepting Prometheus Requests')) {
    // Its log line, or its exit: whichever comes first.
    const next = await Promise.race([once(child.stderr, 'data').then(() => 'data'), exited.then(() => 'exit')]);
    if (next === 'exit') throw new Error(`statsd_exporter exited: ${log}`);
  }
  const metricsUrl = `http://127.0.0.1:${webPort}/metrics`;
  return {
    statsdPort,
    metricsUrl,
    async counter(name) {
      const text = await (await fetch(metricsUrl)).text();
      const samples = text
        .split('\n')
        .filter((l) => l === name || l.startsWith(`${name} `) || l.startsWith(`${name}{`));
      return samples.reduce((a, l) => a + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
    },
    async stop() {
      child.kill();
      await exited;
    },
  };
}
