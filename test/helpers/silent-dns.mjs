// Inside a network and mount namespace of its own (see sinks/sink-deadline.test.ts): a DNS server on
// 127.0.0.1:53 that takes every query and never answers, then the command given, whose output and exit
// code are printed as one JSON line with the number of queries the server took.
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';

const server = createSocket('udp4');
let queries = 0;
server.on('message', () => {
  queries += 1;
});
await new Promise((resolve) => server.bind(53, '127.0.0.1', resolve));
const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
let stdout = '';
let stderr = '';
child.stdout.on('data', (d) => (stdout += d));
child.stderr.on('data', (d) => (stderr += d));
const started = Date.now();
child.on('close', (code) => {
  process.stdout.write(`${JSON.stringify({ code, stdout, stderr, queries, ms: Date.now() - started })}\n`);
  server.close();
});
