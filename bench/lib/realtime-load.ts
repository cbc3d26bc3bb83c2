import { readFile } from 'node:fs/promises';
import { io as connect, type Socket } from 'socket.io-client';
import type { TradeClientEvents, TradeServerEvents } from '../../server/contracts/realtime.js';
import type { ServerProcess } from '../../tests/helpers/server-process.js';
import { countCpuSeconds } from './cpu-usage.js';
import type { BenchDeal, BenchMember } from './realtime-cast.js';

type BenchSocket = Socket<TradeServerEvents, TradeClientEvents>;

export interface LoadRunOptions {
  messagesPerSecond: number;
  warmupSeconds: number;
  seconds: number;
  /** Called as the first message leaves (the sockets are open), for load that must run alongside the messages. */
  onStreamStart?: () => void;
}

export interface LoadRunResult {
  connections: number;
  sent: number;
  p50: number;
  p99: number;
  max: number;
  lost: number;
  /** Messages heard by a socket outside the deal's room (must be 0). */
  misdelivered: number;
  /** Messages the counterpart heard more than once. */
  heardTwice: number;
  failedSends: number;
  kilobytesPerConnection: number;
  /**
   * CPU milliseconds the server processes (together) used per measured message, from the first measured send
   * until every message was heard: sending, storing, pushing, and the sockets' own upkeep meanwhile.
   */
  serverCpuMsPerMessage: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

/** The resident memory of a process in bytes, as the kernel counts it. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kilobytes) * 1024;
}

/**
 * A process's resident memory once it has settled: the median of five readings 200 ms apart, taken after `waitMs`.
 * A single reading right after start-up can still hold start-up garbage the collector frees moments later, which
 * made the growth of a process holding 500 sockets come out below zero.
 */
async function settledResidentBytes(pid: number, waitMs: number): Promise<number> {
  await sleep(waitMs);
  const readings: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    readings.push(await residentBytes(pid));
    await sleep(200);
  }
  return readings.sort((a, b) => a - b)[2]!;
}

/** Connects one member's socket to /trade and joins the deal's room, as a chat page does. */
async function openSocket(server: ServerProcess, member: BenchMember, dealId: string): Promise<BenchSocket> {
  const socket: BenchSocket = connect(`${server.url}/trade`, {
    auth: { token: member.token }, transports: ['websocket'], forceNew: true, reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const joined = await socket.emitWithAck('deal:join', dealId);
  if (!joined.ok) throw new Error(`deal:join refused: ${joined.message}`);
  return socket;
}

interface Sent {
  at: number;
  deal: BenchDeal;
  from: 'buyer' | 'seller';
  measured: boolean;
  receivedAt?: number;
}

/**
 * The load run: every deal's buyer on the first server and its seller on the last (the same one when there is
 * one), each socket in its deal's room; messages go out by REST at a steady rate, each from one party of a
 * deal, and the time until the other party's socket hears it is recorded.
 */
export async function runLoad(servers: ServerProcess[], deals: BenchDeal[], options: LoadRunOptions): Promise<LoadRunResult> {
  const buyerServer = servers[0]!;
  const sellerServer = servers.at(-1)!;
  const baseline = await Promise.all(servers.map((server) => settledResidentBytes(server.child.pid!, 3000)));
  const sockets: BenchSocket[] = [];
  const sent = new Map<string, Sent>();
  let misdelivered = 0;
  let heardTwice = 0;

  const listen = (socket: BenchSocket, deal: BenchDeal, side: 'buyer' | 'seller') => {
    socket.on('chat:message', ({ dealId, message }) => {
      if (dealId !== deal.dealId) {
        misdelivered += 1;
        return;
      }
      const record = sent.get(message.clientId ?? '');
      if (!record || record.from === side) return;
      if (record.receivedAt !== undefined) heardTwice += 1;
      else record.receivedAt = performance.now();
    });
  };
  // In groups, as pages open over time: 1,000 handshakes at one instant would measure a stampede instead.
  for (let start = 0; start < deals.length; start += 50) {
    const group = deals.slice(start, start + 50);
    const opened = await Promise.all(group.flatMap((deal) => [
      openSocket(buyerServer, deal.buyer, deal.dealId).then((socket) => (listen(socket, deal, 'buyer'), socket)),
      openSocket(sellerServer, deal.seller, deal.dealId).then((socket) => (listen(socket, deal, 'seller'), socket)),
    ]));
    sockets.push(...opened);
  }
  const connected = await Promise.all(servers.map((server) => settledResidentBytes(server.child.pid!, 2000)));
  const grownBytes = connected.reduce((sum, bytes, index) => sum + bytes - baseline[index]!, 0);

  let failedSends = 0;
  const send = async (index: number, measured: boolean) => {
    const deal = deals[(index * 7919) % deals.length]!;
    const from = index % 2 === 0 ? 'buyer' : 'seller';
    const clientId = `load-${index}`;
    const server = from === 'buyer' ? buyerServer : sellerServer;
    sent.set(clientId, { at: performance.now(), deal, from, measured });
    const response = await fetch(`${server.url}${deal.messagesPath}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${deal[from].token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: `부하 측정 메시지 ${index}`, clientId }),
    }).catch(() => null);
    if (response?.status !== 201) {
      failedSends += 1;
      sent.delete(clientId);
    }
  };

  // An open loop: each message leaves on its schedule whether or not the earlier ones were answered.
  const interval = 1000 / options.messagesPerSecond;
  const total = Math.round((options.warmupSeconds + options.seconds) * options.messagesPerSecond);
  const warmup = Math.round(options.warmupSeconds * options.messagesPerSecond);
  const started = performance.now();
  options.onStreamStart?.();
  const sends: Promise<void>[] = [];
  let serverCpuSeconds: Array<() => number> = [];
  for (let index = 0; index < total; index += 1) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (index === warmup) serverCpuSeconds = servers.map((server) => countCpuSeconds(server.child.pid!, { withChildren: false }));
    sends.push(send(index, index >= warmup));
  }
  await Promise.all(sends);
  const deadline = performance.now() + 10_000;
  while ([...sent.values()].some((record) => record.receivedAt === undefined) && performance.now() < deadline) await sleep(100);
  const cpuSeconds = serverCpuSeconds.reduce((sum, read) => sum + read(), 0);

  for (const socket of sockets) socket.disconnect();
  const measured = [...sent.values()].filter((record) => record.measured);
  const latencies = measured.filter((record) => record.receivedAt !== undefined).map((record) => record.receivedAt! - record.at).sort((a, b) => a - b);
  return {
    connections: sockets.length,
    sent: measured.length,
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    max: Math.round(latencies.at(-1) ?? 0),
    lost: [...sent.values()].filter((record) => record.receivedAt === undefined).length,
    misdelivered,
    heardTwice,
    failedSends,
    kilobytesPerConnection: Math.round(grownBytes / sockets.length / 1024),
    serverCpuMsPerMessage: measured.length ? (cpuSeconds * 1000) / measured.length : 0,
  };
}
