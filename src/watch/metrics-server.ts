/** The HTTP server of the live /metrics: one path, the registry's text exposition, loopback by default. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { InputError } from '../model.js';

export class MetricsServer {
  private constructor(
    private readonly server: Server,
    /** Where it listens, `host:port` (the port the system chose when 0 was asked for). */
    readonly address: string,
  ) {}

  static async listen(registry: Registry, host: string, port: number): Promise<MetricsServer> {
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      if (path !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: the metrics are at /metrics\n');
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (e: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${e.message}\n`),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (e: NodeJS.ErrnoException) =>
        reject(new InputError('listen', null, `cannot serve /metrics on ${host}:${port}: ${e.code ?? e.message}`)),
      );
      server.listen(port, host, () => resolve());
    });
    const a = server.address() as AddressInfo;
    return new MetricsServer(server, `${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
