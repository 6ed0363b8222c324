/** A real UDP listener on loopback that keeps every datagram it receives. */
import { createSocket, type Socket } from 'node:dgram';

export interface UdpListener {
  port: number;
  datagrams: string[];
  lines(): string[];
  /** Resolve once `n` lines arrived (or after `ms`). */
  waitForLines(n: number, ms?: number): Promise<string[]>;
  close(): Promise<void>;
}

export async function listenUdp(): Promise<UdpListener> {
  const socket: Socket = createSocket({ type: 'udp4', recvBufferSize: 8 * 1024 * 1024 });
  const datagrams: string[] = [];
  socket.on('message', (msg) => datagrams.push(msg.toString('utf8')));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const lines = () => datagrams.flatMap((d) => d.split('\n')).filter(Boolean);
  return {
    port: socket.address().port,
    datagrams,
    lines,
    async waitForLines(n, ms = 5000) {
      const until = Date.now() + ms;
      while (lines().length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      return lines();
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
