import http from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** A browser keeps at most six connections to one host over HTTP/1.1, and reuses them. */
const CONNECTIONS_PER_HOST = 6;
/** A request not answered in this long counts as an error (a reader would have given up). */
const REQUEST_TIMEOUT_MS = 10_000;
/** What every browser asks for. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

const decoders: Record<string, (body: Buffer) => Promise<Buffer>> = {
  br: promisify(zlib.brotliDecompress),
  gzip: promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
};

/** One request's outcome, timed from when the page meant to send it. */
export interface ReadSample {
  read: string;
  /** The path asked, query included: the answer it names. */
  path: string;
  /** When the page meant to send it (performance.now()): its page's due time, or when what it waits on arrived. */
  dueAt: number;
  doneAt: number;
  status: number;
  /** The `x-cache` header (hit, miss, ahead; kept or reshown for a kept answer), absent on reads outside the public-read cache. */
  cache: string | undefined;
  failed: boolean;
}

interface Kept<T> {
  etag: string | undefined;
  value: T;
  fetchedAt: number;
}

/** The web's query cache: an answer younger than this is shown again without asking (its default staleTime). */
export const FRESH_FOR_MS = 30_000;

export interface GetOptions<T> {
  /** What the page goes on with, taken from the JSON answer. */
  pick?: (body: unknown) => T;
  /** How long an answer is reused without asking (FRESH_FOR_MS unless the web says otherwise). */
  freshForMs?: number;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** As it came, in its content encoding. */
  body: Buffer;
}

/** An answer's body decoded from its content encoding. */
function decoded(answer: Answer): Promise<Buffer> {
  const decode = decoders[String(answer.headers['content-encoding'])];
  return decode ? decode(answer.body) : Promise.resolve(answer.body);
}

/**
 * One reader's browser running the web app: its own keep-alive connections, the app's query cache (an answer
 * fresh enough is reused without a request) and the HTTP cache (public reads come with `Cache-Control: no-cache`
 * and an ETag, so a browser asks again with If-None-Match and a 304 reuses what it kept). Only the part of an
 * answer the page goes on with is kept (the rest is read and dropped).
 */
export class ReaderBrowser {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_HOST });
  private readonly kept = new Map<string, Kept<unknown>>();

  constructor(private readonly baseUrl: string, private readonly record: (sample: ReadSample) => void) {}

  /**
   * GETs `path` as the read `read`, timed from `dueAt` to the answer's last byte; returns what `pick` takes from the
   * JSON answer (from the kept copy on a 304 or while fresh, without a request then), or undefined when the request
   * failed. The body is decompressed and parsed only when `pick` asks for it, after the time is taken: that is the
   * browser's work, not the server's, and a bench doing it for every answer takes a core's share from the server
   * it measures on this machine.
   */
  async get<T = undefined>(read: string, path: string, dueAt: number, options: GetOptions<T> = {}): Promise<T | undefined> {
    const kept = this.kept.get(path) as Kept<T> | undefined;
    const now = performance.now();
    if (kept && now - kept.fetchedAt < (options.freshForMs ?? FRESH_FOR_MS)) return kept.value;
    let answer: Answer | undefined;
    try {
      answer = await this.request(path, kept?.etag);
    } catch {
      answer = undefined;
    }
    const ok = answer !== undefined && (answer.status === 200 || (answer.status === 304 && kept?.etag !== undefined));
    const cache = answer?.headers['x-cache'];
    this.record({
      read, path, dueAt, doneAt: performance.now(), status: answer?.status ?? 0, cache: typeof cache === 'string' ? cache : undefined, failed: !ok,
    });
    if (!ok) return undefined;
    let value = kept?.value as T;
    if (answer!.status === 200) value = options.pick ? options.pick(JSON.parse((await decoded(answer!)).toString('utf8'))) : undefined as T;
    this.kept.set(path, { etag: answer!.headers.etag ?? kept?.etag, value, fetchedAt: performance.now() });
    return value;
  }

  close(): void {
    this.agent.destroy();
  }

  private request(path: string, etag: string | undefined): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = { 'accept-encoding': ACCEPT_ENCODING, accept: 'application/json' };
      if (etag) headers['if-none-match'] = etag;
      const request = http.get(`${this.baseUrl}${path}`, { agent: this.agent, headers, timeout: REQUEST_TIMEOUT_MS }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on('timeout', () => request.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
      request.on('error', reject);
    });
  }
}
