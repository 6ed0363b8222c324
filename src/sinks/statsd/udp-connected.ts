/**
 * A connected UDP socket as the Writable hot-shots' `stream` protocol writes to: each write is one datagram
 * (hot-shots' batch of lines; its trailing newline dropped). Connected, so that a port nobody listens on
 * is seen: the kernel turns the ICMP "port unreachable" it gets back into ECONNREFUSED on the socket,
 * which an unconnected socket never reports. The first refusal ends the writer; what it was is kept.
 */
import { createSocket, type Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import { Writable } from 'node:stream';

export class ConnectedUdpWriter extends Writable {
  /** Why the writer ended early (a refusal, a send error), or null. */
  failure: string | null = null;

  constructor(
    private readonly socket: Socket,
    private readonly target: string,
  ) {
    super({ decodeStrings: true });
    socket.on('error', (err: NodeJS.ErrnoException) => this.fail(err));
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    const datagram = chunk.at(-1) === 0x0a ? chunk.subarray(0, -1) : chunk;
    this.socket.send(datagram, (err) => {
      if (err) this.fail(err);
      done(err ?? null);
    });
  }

  private fail(err: NodeJS.ErrnoException): void {
    this.failure ??=
      err.code === 'ECONNREFUSED'
        ? `${this.target} refused datagrams (ICMP port unreachable): nothing listens on that UDP port`
        : `UDP ${this.target}: ${err.code ?? err.message}`;
    this.destroy();
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

/** A UDP socket connected to `address:port` (an IP address: the lookup is the caller's). */
export function openConnectedUdp(address: string, port: number): Promise<ConnectedUdpWriter | { error: string }> {
  const target = `${address}:${port}`;
  return new Promise((resolve) => {
    const socket = createSocket(isIPv6(address) ? 'udp6' : 'udp4');
    const onError = (err: NodeJS.ErrnoException) => {
      try {
        socket.close();
      } catch {
        // never bound
      }
      resolve({ error: `cannot open UDP ${target}: ${err.code ?? err.message}` });
    };
    socket.once('error', onError);
    socket.connect(port, address, () => {
      socket.removeListener('error', onError);
      resolve(new ConnectedUdpWriter(socket, target));
    });
  });
}
