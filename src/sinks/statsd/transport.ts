/**
 * The socket the StatsD lines go out on, as the Writable hot-shots' `stream` protocol writes to:
 * - `tcp`: a connected TCP socket; each write is a batch of lines ending in a newline;
 * - `udp`: a connected datagram socket (udp-connected.ts), so a port nobody listens on is reported;
 * - `uds`: a Unix datagram socket (unix-datagram.ts);
 * - `auto` (the default): TCP where the target accepts a connection on the port — statsd_exporter listens
 *   on TCP on its UDP port, and a connection's flow control loses nothing however busy the receiver is —
 *   else UDP. The datadog flavor's DogStatsD has no TCP listener, so `auto` is UDP there.
 * Owning the socket, not hot-shots, lets the sink see what each write did (send.ts counts it).
 */
import { connect, type Socket } from 'node:net';
import type { Writable } from 'node:stream';
import { openConnectedUdp } from './udp-connected.js';
import { openUnixDatagram } from './unix-datagram.js';

export type StatsdProtocol = 'auto' | 'udp' | 'tcp' | 'uds';
export type OpenedProtocol = Exclude<StatsdProtocol, 'auto'>;

export interface Opened {
  stream: Writable;
  protocol: OpenedProtocol;
}

/**
 * How long `auto` waits for a TCP connection before it takes UDP: a loopback or cluster peer answers
 * (accepts or refuses) in well under this; a host that drops the connection attempt silently would
 * otherwise hold the whole sink budget.
 */
const AUTO_TCP_MS = 2000;

/** Open the transport to `address` (an IP address, or with `uds` a path) by `deadline` (epoch ms). */
export async function openStatsdTransport(
  address: string,
  port: number,
  protocol: StatsdProtocol,
  flavor: 'plain' | 'datadog',
  deadline: number,
): Promise<Opened | { error: string }> {
  if (protocol === 'uds') {
    const writer = openUnixDatagram(address);
    return 'error' in writer ? writer : { stream: writer, protocol };
  }
  if (protocol === 'tcp') {
    const socket = await connectTcp(address, port, deadline);
    return 'error' in socket ? socket : { stream: socket, protocol };
  }
  if (protocol === 'auto' && flavor === 'plain') {
    const socket = await connectTcp(address, port, Math.min(deadline, Date.now() + AUTO_TCP_MS));
    if (!('error' in socket)) return { stream: socket, protocol: 'tcp' };
  }
  const writer = await openConnectedUdp(address, port);
  return 'error' in writer ? writer : { stream: writer, protocol: 'udp' };
}

/** Why a writer ended early, where it keeps that (the datagram writers' `failure`), else null. */
export function transportFailure(stream: Writable): string | null {
  return (stream as { failure?: string | null }).failure ?? null;
}

/** A TCP connection to `address:port`, or why there is none by `deadline`. */
function connectTcp(address: string, port: number, deadline: number): Promise<Socket | { error: string }> {
  return new Promise((resolve) => {
    const ms = Math.max(0, deadline - Date.now());
    const socket = connect({ host: address, port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ error: `no TCP connection to ${address}:${port} within ${Math.round(ms / 100) / 10} s` });
    }, ms);
    const onError = (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ error: `cannot connect to ${address}:${port} over TCP: ${err.code ?? err.message}` });
    };
    socket.once('error', onError);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeListener('error', onError);
      resolve(socket);
    });
  });
}
