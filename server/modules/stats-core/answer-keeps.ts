/**
 * The keeps of computed answers (kept_match_pages, kept_match_details), run after the answer leaves rather than
 * before it: a keep is two to four statements of its own (its checks, the owner's version row, the INSERT), and a
 * reader waiting for them waited for every statement queued ahead of them on the connection pool too. Under the
 * live benchmark's run from cold that wait made readers give up on pages the server had already computed
 * (docs/performance.md, "Keeps after the answer"). A keep still holds to its checks whenever it runs (the versions
 * its lookup saw, locked at the keep: kept-match-pages.ts), so keeping later never keeps an answer older than a
 * committed write; a reader who asks again before it lands computes the answer once more, as before its first keep.
 */
export interface AnswerKeeps {
  /**
   * Starts `keep` in a later turn of the event loop, without waiting for it; a failure is handed to the app's log
   * (the answer is computed again later).
   */
  start(keep: () => Promise<unknown>): void;
  /**
   * Runs `insert` (of `owner`'s version row) unless this process knows the row is there (rows are never deleted)
   * or an insert of it is in flight, whose end it then waits for: a cold owner's panels insert it once, not once each.
   */
  ownerRowOnce(owner: string, insert: () => Promise<unknown>): Promise<void>;
  /** Resolves once every keep started so far has ended (the app's close, and tests that read what was kept). */
  settled(): Promise<void>;
}

/** How many owners' version rows a process remembers having inserted (a few dozen bytes each). */
const OWNER_ROWS_KNOWN = 20_000;

export function createAnswerKeeps(keepFailed: (error: unknown) => void, ownerRowsKnown = OWNER_ROWS_KNOWN): AnswerKeeps {
  const running = new Set<Promise<void>>();
  const inserting = new Map<string, Promise<void>>();
  // In insertion order: the oldest is forgotten first (an owner read again is inserted again, harmlessly).
  const known = new Set<string>();
  const remember = (owner: string) => {
    known.add(owner);
    if (known.size > ownerRowsKnown) known.delete(known.values().next().value!);
  };
  return {
    start(keep) {
      // Started in a later turn of the event loop: the answer that started it is written first even when the keep's
      // checks answer from memory before their first statement (the clan directory: kept-match-pages.ts), which in
      // a microtask would put the keep's work (building its INSERT) ahead of the reply. And `run` is set before it
      // can end, whatever `keep` does.
      const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve)).then(keep)
        .then(() => undefined, keepFailed).finally(() => running.delete(run));
      running.add(run);
    },
    ownerRowOnce(owner, insert) {
      if (known.has(owner)) return Promise.resolve();
      const inFlight = inserting.get(owner);
      if (inFlight) return inFlight;
      const run = Promise.resolve().then(insert).then(() => remember(owner)).finally(() => inserting.delete(owner));
      inserting.set(owner, run);
      return run;
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
