import { createAdapter } from '@socket.io/postgres-adapter';
import { Adapter, MessageType, type BroadcastOptions, type Room } from 'socket.io-adapter';

type AdapterFactory = ReturnType<typeof createAdapter>;

/** The cluster adapter's own publish (protected in its types): sends one message to the other processes. */
interface ClusterPublish {
  publish(message: { type: MessageType; data: unknown }): void;
}

/** The options as the other processes decode them (the cluster adapter's own encoding). */
const encodeOptions = (opts: BroadcastOptions) => ({ rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags });

/**
 * The PostgreSQL adapter, with this process's own sockets served at once. As published (0.5.0, over
 * socket.io-adapter's cluster adapter) it delivers an event to its own process's sockets, and makes them join,
 * leave or disconnect, only after the NOTIFY that tells the other processes has returned: every local push waited
 * for a database round trip queued behind the process's other events on the adapter's one connection
 * (docs/decisions.md "Adapter connections"). Here the message to the other processes is sent first (its text is
 * built before anything else runs, and its queries keep their order on that one connection), and the local sockets
 * get the event right away. Order holds on both sides: locally every operation runs in the order called, remotely in
 * the order of the NOTIFYs. What the waiting bought, an offset for connection state recovery, this server does not
 * use.
 */
export function localFirstAdapter(...args: Parameters<typeof createAdapter>): AdapterFactory {
  const clustered = createAdapter(...args);
  // Socket.IO calls the factory with `new`: a function, not an arrow; the object it returns is the adapter.
  return function adapterOf(namespace: Parameters<AdapterFactory>[0]) {
    const adapter = clustered(namespace);
    const publish = (type: MessageType, data: unknown) => (adapter as unknown as ClusterPublish).publish({ type, data });
    const local = Adapter.prototype;
    // Async as the cluster adapter's are, but nothing in them waits: their work is done when they return.
    adapter.broadcast = async (packet: unknown, opts: BroadcastOptions) => {
      if (!opts.flags?.local) publish(MessageType.BROADCAST, { packet, opts: encodeOptions(opts) });
      local.broadcast.call(adapter, packet, opts);
    };
    adapter.addSockets = async (opts: BroadcastOptions, rooms: Room[]) => {
      if (!opts.flags?.local) publish(MessageType.SOCKETS_JOIN, { opts: encodeOptions(opts), rooms });
      local.addSockets.call(adapter, opts, rooms);
    };
    adapter.delSockets = async (opts: BroadcastOptions, rooms: Room[]) => {
      if (!opts.flags?.local) publish(MessageType.SOCKETS_LEAVE, { opts: encodeOptions(opts), rooms });
      local.delSockets.call(adapter, opts, rooms);
    };
    adapter.disconnectSockets = async (opts: BroadcastOptions, close: boolean) => {
      if (!opts.flags?.local) publish(MessageType.DISCONNECT_SOCKETS, { opts: encodeOptions(opts), close });
      local.disconnectSockets.call(adapter, opts, close);
    };
    return adapter;
  };
}
