/**
 * A short in-memory cache of upstream answers: the same call within `ttlMs` is answered from memory, and calls
 * made while one is in flight share it. Failures are not kept, so the next call asks again.
 */
export class AnswerCache {
  private answers = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(private readonly ttlMs: number, private readonly maxEntries = 1000) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.answers.get(key);
    if (cached && Date.now() - cached.at < this.ttlMs) return cached.value as Promise<T>;
    const value = load();
    if (this.ttlMs <= 0) return value;
    this.answers.delete(key);
    if (this.answers.size >= this.maxEntries) this.answers.delete(this.answers.keys().next().value as string);
    this.answers.set(key, { at: Date.now(), value });
    value.catch(() => {
      if (this.answers.get(key)?.value === value) this.answers.delete(key);
    });
    return value;
  }
}
