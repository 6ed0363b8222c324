// A slow StatsD reader in its own process: a UDP socket on loopback with a given receive buffer (SO_RCVBUF; 0: the kernel's default)
// that sleeps `pause` ms after every `every` datagrams, as a busy server would. It prints its port, then,
// when its stdin closes, the lines and datagrams it received and the time from the first to the last, as one JSON line.
import { createSocket } from 'node:dgram';

const [recvBufferSize, every, pause] = process.argv.slice(2).map(Number);
const socket = createSocket({ type: 'udp4', ...(recvBufferSize > 0 ? { recvBufferSize } : {}) });
const sleeper = new Int32Array(new SharedArrayBuffer(4));
let datagrams = 0;
let lines = 0;
let first = 0;
let last = 0;
socket.on('message', (msg) => {
  last = performance.now();
  if (datagrams === 0) first = last;
  datagrams += 1;
  lines += msg.toString('utf8').split('\n').filter(Boolean).length;
  if (datagrams % every === 0) Atomics.wait(sleeper, 0, 0, pause);
});
socket.bind(0, '127.0.0.1', () => {
  process.stdout.write(
    `${JSON.stringify({ port: socket.address().port, recvBufferSize: socket.getRecvBufferSize() })}\n`,
  );
});
process.stdin.resume();
process.stdin.on('end', () => {
  // Whatever is still queued in the socket is read before the count is given.
  setTimeout(() => {
    process.stdout.write(`${JSON.stringify({ lines, datagrams, spanMs: last - first })}\n`);
    socket.close();
  }, 300);
});
