import { describe, expect, it } from 'vitest';
import type { Notice } from '../../../server/contracts/notices.js';
import { POPUP_LIST_FRESH_MS, popupListMemo } from '../../../server/modules/notices/popup-list.js';

/** A database read answering a moment later with which read it was ("read N"), failing when told to. */
function countingRead() {
  let reads = 0;
  let failNext = false;
  return {
    get reads() {
      return reads;
    },
    failNext() {
      failNext = true;
    },
    read: async (): Promise<Notice[]> => {
      reads += 1;
      const which = reads;
      const failing = failNext;
      failNext = false;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failing) {
        throw new Error('the database went away');
      }
      return [{ title: `read ${which}` } as unknown as Notice];
    },
  };
}

const titleOf = async (list: Promise<Notice[]>) => (await list)[0]!.title;
/** Lets the reads begun in the background settle. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

/** The list over a counting database, on a clock moved by hand (`later(ms)`). */
function popupsOnAClock() {
  let clock = 0;
  const database = countingRead();
  const popups = popupListMemo(database.read, () => clock);
  return { database, popups, later: (ms: number) => { clock += ms; } };
}

describe('the popup notices showing now', () => {
  it('are read once per freshness window, shared by readers meanwhile, and per limit', async () => {
    const { database, popups, later } = popupsOnAClock();
    const [first, second] = await Promise.all([popups.list(5), popups.list(5)]);
    expect(second).toBe(first);
    later(POPUP_LIST_FRESH_MS - 1);
    expect(await popups.list(5)).toBe(first);
    await popups.list(10);
    expect(database.reads).toBe(2);
  });

  it('once older than the window, go to their reader as they are while they are read again in the background', async () => {
    const { database, popups, later } = popupsOnAClock();
    await popups.list(5);
    later(POPUP_LIST_FRESH_MS);
    const [asItWas, meanwhile] = [popups.list(5), popups.list(5)];
    expect([await titleOf(asItWas), await titleOf(meanwhile)]).toEqual(['read 1', 'read 1']);
    expect(database.reads).toBe(2);
    await settled();
    expect(await titleOf(popups.list(5))).toBe('read 2');
  });

  it('are read again by the next reader after a write clears them, even while a read begun before the write runs', async () => {
    const { popups, later } = popupsOnAClock();
    await popups.list(5);
    later(POPUP_LIST_FRESH_MS);
    await popups.list(5); // begins read 2 in the background
    popups.clear();
    expect(await titleOf(popups.list(5))).toBe('read 3');
    await settled();
    expect(await titleOf(popups.list(5))).toBe('read 3');
  });

  it('keep no failed read: a failed first read goes to the next reader, a failed read again keeps the list', async () => {
    const { database, popups, later } = popupsOnAClock();
    database.failNext();
    await expect(popups.list(5)).rejects.toThrow('the database went away');
    expect(await titleOf(popups.list(5))).toBe('read 2');
    later(POPUP_LIST_FRESH_MS);
    database.failNext();
    expect(await titleOf(popups.list(5))).toBe('read 2');
    await settled();
    expect(await titleOf(popups.list(5))).toBe('read 2');
    await settled();
    expect(await titleOf(popups.list(5))).toBe('read 4');
  });
});
