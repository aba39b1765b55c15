import { describe, expect, it } from 'vitest';
import { StatementBatch } from './statement-batch';

/** A batch whose statement doubles each input and records what each run received. */
function doubling(maxBatch?: number) {
  const runs: number[][] = [];
  let release: (() => void) | undefined;
  const batch = new StatementBatch<number, number>(async (waiting) => {
    runs.push(waiting.map((w) => w.input));
    if (runs.length === 1) await new Promise<void>((r) => (release = r));
    for (const w of waiting) w.resolve(w.input * 2);
  }, maxBatch);
  return { batch, runs, release: () => release?.() };
}

describe('StatementBatch', () => {
  it('sends calls made in one turn together, and those made while it runs in the next batch', async () => {
    const { batch, runs, release } = doubling();
    const first = [batch.call(1), batch.call(2)];
    await new Promise((r) => setImmediate(r));
    expect(runs).toEqual([[1, 2]]);
    const later = [batch.call(3), batch.call(4), batch.call(5)];
    release();
    expect(await Promise.all([...first, ...later])).toEqual([2, 4, 6, 8, 10]);
    expect(runs).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('keeps each batch within its size', async () => {
    const { batch, runs, release } = doubling(2);
    const calls = [1, 2, 3, 4, 5].map((n) => batch.call(n));
    await new Promise((r) => setImmediate(r));
    release();
    expect(await Promise.all(calls)).toEqual([2, 4, 6, 8, 10]);
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('gives a failed statement to every call it left unanswered, and the next batch still runs', async () => {
    let round = 0;
    const batch = new StatementBatch<number, number>(async (waiting) => {
      round += 1;
      if (round === 1) {
        waiting[0]?.resolve(0);
        throw new Error('statement failed');
      }
      for (const w of waiting) w.resolve(w.input);
    });
    const answered = batch.call(1);
    const failed = batch.call(2);
    await expect(answered).resolves.toBe(0);
    await expect(failed).rejects.toThrow('statement failed');
    await expect(batch.call(3)).resolves.toBe(3);
  });

  it('refuses a call the statement forgot to answer', async () => {
    const batch = new StatementBatch<number, number>(async (waiting) => {
      waiting[0]?.resolve(1);
    });
    const [kept, forgotten] = [batch.call(1), batch.call(2)];
    await expect(kept).resolves.toBe(1);
    await expect(forgotten).rejects.toThrow('left unanswered');
  });
});
