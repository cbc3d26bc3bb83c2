import { createServer, type Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adapterConnections, type AdapterConnections } from '../../server/realtime/adapter-connections.js';
import { localFirstAdapter } from '../../server/realtime/local-first-adapter.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

/** One Socket.IO server process as the app runs it (the PostgreSQL adapter on its one query connection). */
interface Node {
  io: Server;
  http: HttpServer;
  connections: AdapterConnections;
  url: string;
}

async function startNode(databaseUrl: string): Promise<Node> {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  const connections = adapterConnections(databaseUrl, () => undefined);
  io.adapter(localFirstAdapter(connections.pool));
  io.on('connection', (socket) => void socket.join('room'));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as { port: number };
  return { io, http, connections, url: `http://127.0.0.1:${port}` };
}

async function stopNode(node: Node): Promise<void> {
  node.io.disconnectSockets(true);
  await new Promise<void>((resolve) => node.io.close(() => resolve()));
  await node.connections.close();
}

async function openClient(node: Node): Promise<{ socket: Socket; heard: string[] }> {
  const socket = connect(node.url, { transports: ['websocket'], forceNew: true, reconnection: false });
  const heard: string[] = [];
  socket.on('note', (text: string) => heard.push(text));
  socket.on('sync', (text: string) => heard.push(`sync:${text}`));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, heard };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('the adapter serves its own process first', () => {
  let db: TestDatabase;
  let one: Node;
  let two: Node;

  beforeAll(async () => {
    db = await createTestDatabase(inject('maintenanceUrl'));
    one = await startNode(db.url);
    two = await startNode(db.url);
  });
  afterAll(async () => {
    await stopNode(one);
    await stopNode(two);
    await db.drop();
  });

  it("delivers to its own sockets while its NOTIFY still waits, and the other process's in the same order", async () => {
    const near = await openClient(one);
    const far = await openClient(two);
    // The second process listens (its LISTEN connection opens after start) before the test's events go out.
    while (!far.heard.includes('sync:ready')) {
      one.io.emit('sync', 'ready');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    near.heard.length = 0;
    far.heard.length = 0;

    // The adapter's one query connection is busy: every NOTIFY waits behind this query.
    let busy = true;
    const blocker = one.connections.pool.query('SELECT pg_sleep(1.5)').then(() => {
      busy = false;
    });
    one.io.to('room').emit('note', 'first');
    one.io.in('room').socketsLeave('room');
    one.io.to('room').emit('note', 'after the leave');
    await until(() => near.heard.includes('first'));
    expect(busy).toBe(true);
    await blocker;
    // Everything emitted before this reaches the other process before it (one connection, NOTIFYs in order).
    one.io.emit('sync', 'done');
    await until(() => far.heard.includes('sync:done') && near.heard.includes('sync:done'));
    // The leave came between the two events, here and there: the one after it reached nobody.
    expect(near.heard).toEqual(['first', 'sync:done']);
    expect(far.heard).toEqual(['first', 'sync:done']);
    near.socket.disconnect();
    far.socket.disconnect();
  });
});
