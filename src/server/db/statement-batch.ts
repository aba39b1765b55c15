// Group commit: calls that arrive together (in one turn of the event loop, or while the previous
// batch's statement runs) are sent as one statement instead of one each. A launch spike's orders share
// their checks' read, their throttles' count and their insert this way; each call still gets its own
// answer, so batching changes only how many round trips they share.

/** A call waiting for its batch: what it asked, and how to answer it. */
export interface Waiting<In, Out> {
  input: In;
  resolve: (value: Out) => void;
  reject: (error: unknown) => void;
}

export class StatementBatch<In, Out> {
  private queue: Waiting<In, Out>[] = [];
  private running = false;

  /**
   * `send` runs one batch and answers every call in it (resolving or rejecting each); a call it
   * leaves unanswered is rejected. At most `maxBatch` calls go in one batch.
   */
  constructor(
    private readonly send: (batch: Waiting<In, Out>[]) => Promise<void>,
    private readonly maxBatch = Infinity,
  ) {}

  call(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      if (this.queue.push({ input, resolve, reject }) === 1 && !this.running) setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) await this.run(this.queue.splice(0, this.maxBatch));
    } finally {
      this.running = false;
    }
  }

  private async run(batch: Waiting<In, Out>[]): Promise<void> {
    let failure: unknown = new Error('a batched call was left unanswered');
    try {
      await this.send(batch);
    } catch (error) {
      failure = error;
    }
    // A promise settles once: this reaches only the calls `send` left unanswered.
    for (const w of batch) w.reject(failure);
  }
}
