/**
 * Kept answers by URL, least recently read first, with the URLs of each tag at hand: a change clears the answers of
 * the tags it touched without walking every answer kept (the public-read cache holds thousands, most of them match
 * details, and hears a change a second while the league is live).
 */
export function taggedAnswers<Answer extends { tags: readonly string[] }>(maxEntries: number) {
  const answers = new Map<string, Answer>();
  const urlsByTag = new Map<string, Set<string>>();

  const remove = (url: string) => {
    const answer = answers.get(url);
    if (!answer) return;
    answers.delete(url);
    for (const tag of answer.tags) {
      const urls = urlsByTag.get(tag);
      urls?.delete(url);
      if (urls?.size === 0) urlsByTag.delete(tag);
    }
  };

  return {
    get: (url: string): Answer | undefined => answers.get(url),
    /** Moves the answer of `url` last in the eviction order (it was just read). */
    touch(url: string): void {
      const answer = answers.get(url);
      if (!answer) return;
      answers.delete(url);
      answers.set(url, answer);
    },
    /** Keeps `answer` last in the eviction order, in place of any other of `url`; the least recently read goes when full. */
    set(url: string, answer: Answer): void {
      remove(url);
      if (answers.size >= maxEntries) remove(answers.keys().next().value as string);
      answers.set(url, answer);
      for (const tag of answer.tags) {
        let urls = urlsByTag.get(tag);
        if (!urls) urlsByTag.set(tag, (urls = new Set()));
        urls.add(url);
      }
    },
    delete: remove,
    /** The URLs of the answers tagged `tag`. */
    urlsTagged: (tag: string): string[] => [...(urlsByTag.get(tag) ?? [])],
    /** Forgets the answers tagged with any of `tags`; returns them, by URL. */
    deleteTagged(tags: Iterable<string>): Map<string, Answer> {
      const removed = new Map<string, Answer>();
      for (const tag of tags) {
        for (const url of [...(urlsByTag.get(tag) ?? [])]) {
          removed.set(url, answers.get(url)!);
          remove(url);
        }
      }
      return removed;
    },
    clear(): void {
      answers.clear();
      urlsByTag.clear();
    },
  };
}
