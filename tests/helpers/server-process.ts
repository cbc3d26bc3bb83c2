import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A server started as `npm start` starts it, in its own process. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything it printed, for the message of a failure. */
  output: string[];
}

/** A port nobody listens on now (so a restarted process can take the same one again). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `root`'s `npm start` command as package.json says it (`node <flags> server/main.ts`). */
export function npmStartCommand(root = ROOT): string {
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
}

/**
 * Node's arguments in `root`'s `npm start`: the flags that checkout starts its server with (the collector's sizing
 * with them), so a bench comparing two checkouts runs each as its own.
 */
function startArguments(root: string): string[] {
  const start = npmStartCommand(root);
  const [command, ...args] = start.split(/\s+/);
  if (command !== 'node') throw new Error(`${root}: npm start does not run node: ${start}`);
  return args;
}

/**
 * Starts the server as `root`'s `npm start` does (`node --import tsx server/main.ts` and its flags) with `env`
 * (which names DATABASE_URL and PORT) and resolves once its health check answers, whatever its log level. `root`
 * is the checkout whose server starts (another one: the bench comparing two versions of the code); `nodeArgs` go
 * to Node before the script's own (a bench's `--cpu-prof`, which NODE_OPTIONS does not take); `ipc` opens
 * Node's message channel to the process (a bench's probe answers on it).
 */
export async function startServerProcess(
  env: Record<string, string>, timeoutMs = 150_000, root = ROOT, nodeArgs: readonly string[] = [], ipc = false,
): Promise<ServerProcess> {
  const port = Number(env.PORT);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, ...startArguments(root)], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + timeoutMs;
  while (child.exitCode === null && Date.now() < deadline) {
    const healthy = await fetch(`${url}/api/health`).then((response) => response.ok, () => false);
    if (healthy) return { child, url, port, output };
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`server on port ${port} did not start (exit ${child.exitCode}):\n${output.join('')}`);
}

/** Stops the process (SIGTERM: the graceful stop; SIGKILL: a crash) and waits for its exit. */
export async function stopServerProcess(server: ServerProcess | undefined, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}
