/**
 * Collects rows and writes them in one transaction per batch: one fsync per batch instead of one per
 * row keeps the beacon endpoints fast under load. Rows beyond `maxQueued` are dropped and counted:
 * measurement data is not worth running the server out of memory for.
 */
export interface BatchWriterOptions<Row> {
  /** Writes one batch in one transaction (a MeasurementStore method); a throw or rejection loses only that batch. */
  writeBatch: (rows: Row[]) => void | Promise<void>;
  flushEveryMs?: number;
  maxBatch?: number;
  maxQueued?: number;
  onError?: (error: unknown) => void;
}

export interface BatchWriter<Row> {
  add(row: Row): void;
  /** Hands every queued row to writeBatch now; returns how many were not refused at once. */
  flush(): number;
  /** Flushes, then resolves once every batch in flight has been written (or has failed). */
  close(): Promise<void>;
  readonly dropped: number;
}

export function createBatchWriter<Row>({
  writeBatch,
  flushEveryMs = 250,
  maxBatch = 500,
  maxQueued = 50_000,
  onError = (error) => console.error("measurement write failed", error),
}: BatchWriterOptions<Row>): BatchWriter<Row> {
  let queue: Row[] = [];
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    let written = 0;
    while (queue.length) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const writing = writeBatch(batch);
        if (writing) {
          const settled = writing.catch(onError).finally(() => inFlight.delete(settled));
          inFlight.add(settled);
        }
        written += batch.length;
      } catch (error) {
        onError(error);
      }
    }
    return written;
  };

  return {
    add(row) {
      if (queue.length >= maxQueued) {
        dropped++;
        return;
      }
      queue.push(row);
      if (queue.length >= maxBatch) setImmediate(flush);
      else timer ??= setTimeout(flush, flushEveryMs).unref();
    },
    flush,
    async close() {
      flush();
      await Promise.all(inFlight);
    },
    get dropped() {
      return dropped;
    },
  };
}
