import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP load balancer on 127.0.0.1, as a cluster's Service puts one origin in front of several gateway replicas:
 * each connection goes to the first backend of `order` that accepts it, a backend that refuses (a dead replica) is
 * skipped. A test sets `order` to decide where the next connections go.
 */
export class TcpBalancer {
  /** Backend ports, tried in this order for each new connection. */
  order: number[];
  /** Connections accepted by each backend port so far. */
  readonly accepted = new Map<number, number>();
  private readonly server = createServer((client) => this.forward(client));
  private readonly open = new Set<Socket>();

  constructor(backends: number[]) {
    this.order = [...backends];
  }

  async listen(): Promise<this> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return this;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private forward(client: Socket): void {
    client.pause();
    this.track(client);
    const order = [...this.order];
    const attempt = (i: number) => {
      if (i >= order.length || client.destroyed) return client.destroy();
      const upstream = connect(order[i], '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        this.track(upstream);
        this.accepted.set(order[i], (this.accepted.get(order[i]) ?? 0) + 1);
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      upstream.on('error', () => {
        if (!connected) attempt(i + 1);
      });
      // Either side gone (a replica killed, a page closed): the other goes too, as a balancer's would.
      upstream.once('close', () => connected && client.destroy());
      client.once('close', () => upstream.destroy());
    };
    client.on('error', () => client.destroy());
    attempt(0);
  }

  private track(socket: Socket): void {
    this.open.add(socket);
    socket.once('close', () => this.open.delete(socket));
  }
}
