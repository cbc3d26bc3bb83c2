import { describe, expect, it } from 'vitest';
import type { Notice } from '../../../server/contracts/notices.js';
import { POPUP_LIST_FRESH_MS, popupListMemo } from '../../../server/modules/notices/popup-list.js';

/** A read of the database that answers with how many reads came before it, by hand when `held`. */
function countingRead() {
  let reads = 0;
  let failNext = false;
  return {
    get reads() {
      return reads;
    },
    failOnce() {
      failNext = true;
    },
    read: async (limit: number): Promise<Notice[]> => {
      reads += 1;
      if (failNext) {
        failNext = false;
        throw new Error('the database went away');
      }
      return Array.from({ length: Math.min(limit, 1) }, () => ({ title: `read ${reads}` }) as unknown as Notice);
    },
  };
}

describe('the popup notices showing now', () => {
  it('are read once per freshness window, shared by readers meanwhile, and per limit', async () => {
    let clock = 0;
    const database = countingRead();
    const popups = popupListMemo(database.read, () => clock);
    const [first, second] = await Promise.all([popups.list(5), popups.list(5)]);
    expect(second).toBe(first);
    expect(database.reads).toBe(1);
    clock += POPUP_LIST_FRESH_MS - 1;
    expect(await popups.list(5)).toBe(first);
    await popups.list(10);
    expect(database.reads).toBe(2);
    clock += 1;
    expect((await popups.list(5))[0]!.title).toBe('read 3');
  });

  it('are read again after a write clears them, and a failed read is not kept', async () => {
    const database = countingRead();
    const popups = popupListMemo(database.read, () => 0);
    await popups.list(5);
    popups.clear();
    expect((await popups.list(5))[0]!.title).toBe('read 2');
    popups.clear();
    database.failOnce();
    await expect(popups.list(5)).rejects.toThrow('the database went away');
    expect((await popups.list(5))[0]!.title).toBe('read 4');
  });
});
