/**
 * A Unix datagram socket (a local Datadog Agent's `/var/run/datadog/dsd.socket`) as a Writable that
 * hot-shots' `stream` protocol writes to: each write is one datagram (hot-shots batches lines up to
 * max-buffer-size and writes each batch once; its trailing newline is dropped).
 *
 * Node has no Unix datagram sockets of its own; the optional native package `unix-dgram` (hot-shots'
 * optional dependency) provides them. It is loaded here at run time by path rather than by hot-shots,
 * whose `require` does not survive bundling into an ES module: so `uds` works from the bundle too
 * wherever the package is installed, and says so plainly where it is not.
 */
import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { Writable } from 'node:stream';

interface UnixDgramSocket extends EventEmitter {
  connect(path: string): void;
  send(buf: Buffer, callback: (err?: Error & { code?: unknown }) => void): void;
  close(): void;
}
interface UnixDgram {
  createSocket(type: 'unix_dgram'): UnixDgramSocket;
}

/** A full receive queue: unix-dgram reports it as `congestion` and emits `writable` once there is room. */
const CONGESTION_RETRIES = 20;
const CONGESTION_WAIT_MS = 50;

export class UnixDatagramWriter extends Writable {
  /** Why the writer ended early, or null. */
  failure: string | null = null;

  constructor(private readonly socket: UnixDgramSocket) {
    super({ decodeStrings: true });
    socket.on('error', (err: Error & { code?: unknown }) => {
      this.failure ??= `Unix socket: ${errnoText(err)}`;
      this.destroy(err);
    });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    const datagram = chunk.at(-1) === 0x0a ? chunk.subarray(0, -1) : chunk;
    this.send(datagram, done, 0);
  }

  private send(datagram: Buffer, done: (err?: Error | null) => void, attempt: number): void {
    this.socket.send(datagram, (err) => {
      if (err && err.code === 1 && attempt < CONGESTION_RETRIES) {
        // Wait for room (or a while), then try the same datagram again.
        const retry = () => {
          clearTimeout(timer);
          this.socket.removeListener('writable', retry);
          this.send(datagram, done, attempt + 1);
        };
        const timer = setTimeout(retry, CONGESTION_WAIT_MS);
        this.socket.once('writable', retry);
        return;
      }
      if (err) this.failure ??= `Unix socket: ${errnoText(err)}`;
      done(err ?? null);
    });
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    try {
      this.socket.close();
    } catch {
      // already closed
    }
    done(err);
  }
}

/** unix-dgram reports `connect -2`: the errno's name instead (ENOENT, ECONNREFUSED, EACCES). */
function errnoText(err: Error & { code?: unknown }): string {
  const code = typeof err.code === 'number' ? -err.code : Number.NaN;
  const name = Object.entries(constants.errno).find(([, n]) => n === code)?.[0];
  return name ?? err.message;
}

/** A connected writer to the socket at `path`, or why there is none. */
export function openUnixDatagram(path: string): UnixDatagramWriter | { error: string } {
  let unixDgram: UnixDgram;
  try {
    unixDgram = createRequire(import.meta.url)('unix-dgram') as UnixDgram;
  } catch {
    return {
      error:
        'statsd-protocol uds needs the optional native package unix-dgram, which is not installed here (npm install unix-dgram); use udp or tcp',
    };
  }
  const socket = unixDgram.createSocket('unix_dgram');
  let failed: string | null = null;
  const onError = (err: Error & { code?: unknown }) => {
    failed = errnoText(err);
  };
  socket.on('error', onError);
  socket.connect(path);
  socket.removeListener('error', onError);
  if (failed !== null) {
    try {
      socket.close();
    } catch {
      // nothing to close
    }
    return { error: `cannot connect to the Unix socket ${path}: ${failed}` };
  }
  return new UnixDatagramWriter(socket);
}
