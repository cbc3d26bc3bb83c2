import { describe, expect, it } from 'vitest';
import { createAnswerKeeps } from '../../server/modules/stats-core/answer-keeps.js';

/** A promise and the hand that settles it. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const closed = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { closed, open, fail };
}

describe('the keeps of computed answers', () => {
  it('runs a keep after the caller goes on, and settles once every keep started, even one started meanwhile, has ended', async () => {
    const keeps = createAnswerKeeps(() => undefined);
    const order: string[] = [];
    const first = gate();
    const second = gate();
    keeps.start(async () => {
      order.push('first keep');
      await first.closed;
      keeps.start(async () => {
        await second.closed;
        order.push('second keep ended');
      });
    });
    order.push('answer sent');
    let settled = false;
    const settling = keeps.settled().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual(['answer sent', 'first keep']);
    first.open();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
    second.open();
    await settling;
    expect(order).toEqual(['answer sent', 'first keep', 'second keep ended']);
  });

  it('runs a keep in a later turn than the answer: an answer sent some microtasks later still goes first', async () => {
    const keeps = createAnswerKeeps(() => undefined);
    const order: string[] = [];
    // A keep whose checks need no statement (the clan directory answers from memory) does its work at once.
    keeps.start(async () => {
      order.push('keep');
    });
    // The route's awaits between starting the keep and writing its reply.
    for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
    order.push('answer sent');
    await keeps.settled();
    expect(order).toEqual(['answer sent', 'keep']);
  });

  it('hands a failed keep to its report, whether it throws at once or later, and settles all the same', async () => {
    const failures: unknown[] = [];
    const keeps = createAnswerKeeps((error) => failures.push(error));
    keeps.start(() => {
      throw new Error('at once');
    });
    keeps.start(async () => {
      await Promise.resolve();
      throw new Error('later');
    });
    await keeps.settled();
    expect(failures.map((error) => (error as Error).message).sort()).toEqual(['at once', 'later']);
    await keeps.settled();
  });

  it("inserts an owner's row once for the keeps in flight together, not again once in, and again after a failure", async () => {
    const keeps = createAnswerKeeps(() => undefined);
    let inserts = 0;
    const held = gate();
    const insert = async () => {
      inserts += 1;
      await held.closed;
    };
    const together = [keeps.ownerRowOnce('clan:1', insert), keeps.ownerRowOnce('clan:1', insert), keeps.ownerRowOnce('clan:2', insert)];
    held.open();
    await Promise.all(together);
    expect(inserts).toBe(2);

    await keeps.ownerRowOnce('clan:1', insert);
    expect(inserts).toBe(2);

    const failing = gate();
    const failed = keeps.ownerRowOnce('clan:3', () => failing.closed);
    const joined = keeps.ownerRowOnce('clan:3', insert);
    failing.fail(new Error('no connection'));
    await expect(failed).rejects.toThrow('no connection');
    await expect(joined).rejects.toThrow('no connection');
    await keeps.ownerRowOnce('clan:3', insert);
    expect(inserts).toBe(3);
  });

  it('forgets the owners inserted longest ago beyond the ones it remembers', async () => {
    const keeps = createAnswerKeeps(() => undefined, 2);
    const inserted: string[] = [];
    const insertOf = (owner: string) => keeps.ownerRowOnce(owner, async () => {
      inserted.push(owner);
    });
    for (const owner of ['clan:1', 'clan:2', 'clan:3', 'clan:3', 'clan:2', 'clan:1']) await insertOf(owner);
    expect(inserted).toEqual(['clan:1', 'clan:2', 'clan:3', 'clan:1']);
  });
});
