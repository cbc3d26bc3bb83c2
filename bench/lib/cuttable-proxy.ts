import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a server whose line can be cut: `cut()` drops every open connection and refuses new
 * ones until `restore()`, as a lost network or a dropped proxy would. The client sees its socket die and its
 * reconnection attempts fail, exactly as in the field.
 */
export class CuttableProxy {
  private readonly server: Server;
  private readonly open = new Set<Socket>();
  private isCut = false;
  port = 0;

  constructor(private readonly targetPort: number) {
    this.server = createServer((client) => {
      if (this.isCut) {
        client.destroy();
        return;
      }
      const upstream = connect(this.targetPort, '127.0.0.1');
      for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
        this.open.add(from);
        from.pipe(to);
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.open.delete(from);
          to.destroy();
        });
      }
    });
  }

  listen(): Promise<number> {
    return new Promise((resolve) => {
      this.server.listen(0, '127.0.0.1', () => {
        this.port = (this.server.address() as { port: number }).port;
        resolve(this.port);
      });
    });
  }

  cut(): void {
    this.isCut = true;
    for (const socket of this.open) socket.destroy();
  }

  restore(): void {
    this.isCut = false;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
