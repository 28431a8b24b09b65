// periodicWork on real timers: one run at a time, a kick during a run makes exactly one more,
// polling, a stop that waits for the run under way, and failures reported once per series.
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../tests/support/app.ts";
import { firstFailureOnly, periodicWork, type PeriodicWork } from "./periodic-work.ts";

const started: PeriodicWork[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((work) => work.stop()));
});

/** Work whose runs each wait for `release()`; counts runs and the most at once. */
function gatedWork() {
  let gate = Promise.withResolvers<void>();
  const seen = { runs: 0, atOnce: 0, mostAtOnce: 0, aborted: [] as boolean[] };
  const work = async (stopping: AbortSignal) => {
    seen.runs++;
    seen.mostAtOnce = Math.max(seen.mostAtOnce, ++seen.atOnce);
    await gate.promise;
    seen.aborted.push(stopping.aborted);
    seen.atOnce--;
  };
  const release = () => {
    gate.resolve();
    gate = Promise.withResolvers<void>();
  };
  return { work, seen, release };
}

describe("periodic work", () => {
  it("runs at start and then every everyMs", async () => {
    let runs = 0;
    const work = periodicWork(async () => void runs++, { everyMs: 10 });
    started.push(work);
    work.start();
    expect(runs).toBe(1);
    await waitFor(() => runs >= 3);
  });

  it("runs one at a time: kicks during a run make exactly one more, and resolve after it", async () => {
    const { work, seen, release } = gatedWork();
    const periodic = periodicWork(work);
    started.push(periodic);
    const first = periodic.kick();
    const kicks = [periodic.kick(), periodic.kick(), periodic.kick()];
    expect(seen).toMatchObject({ runs: 1, atOnce: 1 });
    release();
    await waitFor(() => seen.runs === 2);
    let done = false;
    void Promise.all([first, ...kicks]).then(() => (done = true));
    await sleep(0);
    expect(done).toBe(false);
    release();
    await Promise.all([first, ...kicks]);
    expect(seen).toMatchObject({ runs: 2, mostAtOnce: 1 });
  });

  it("runs on a kick whether started or not, with no timer unless started", async () => {
    let runs = 0;
    const work = periodicWork(async () => void runs++, { everyMs: 5 });
    started.push(work);
    await work.kick();
    await work.kick();
    expect(runs).toBe(2);
    await sleep(30);
    expect(runs).toBe(2);
  });

  it("stops: waits for the run under way, which sees the stop, and runs no more", async () => {
    const { work, seen, release } = gatedWork();
    const periodic = periodicWork(work, { everyMs: 5 });
    periodic.start();
    await waitFor(() => seen.runs === 1);
    void periodic.kick();
    let stopped = false;
    const stopping = periodic.stop().then(() => (stopped = true));
    await sleep(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    // The kick before the stop is dropped: a stopping server starts nothing new.
    expect(seen).toMatchObject({ runs: 1, atOnce: 0, aborted: [true] });
    await periodic.kick();
    periodic.start();
    await sleep(30);
    expect(seen.runs).toBe(1);
  });

  it("keeps running after a failure, reporting the first of a series only", async () => {
    const errors: unknown[] = [];
    let outcome: "fail" | "work" = "fail";
    let runs = 0;
    const work = periodicWork(
      async () => {
        runs++;
        if (outcome === "fail") throw new Error(`down ${runs}`);
      },
      { everyMs: 5, onError: (error) => errors.push(error) },
    );
    started.push(work);
    work.start();
    await waitFor(() => runs >= 4);
    expect(errors.map(String)).toEqual(["Error: down 1"]);
    outcome = "work";
    const worked = runs;
    await waitFor(() => runs > worked + 1);
    outcome = "fail";
    await waitFor(() => errors.length === 2);
    await work.kick();
    expect(errors).toHaveLength(2);
  });
});

describe("firstFailureOnly", () => {
  it("gives the result, or undefined after reporting the first failure of a series", async () => {
    const reported: unknown[] = [];
    const attempt = firstFailureOnly((error) => reported.push(error));
    const fail = () => Promise.reject(new Error("no"));
    expect(await attempt(async () => 7)).toBe(7);
    expect([await attempt(fail), await attempt(fail)]).toEqual([undefined, undefined]);
    expect(reported).toHaveLength(1);
    await attempt(async () => 1);
    await attempt(fail);
    expect(reported).toHaveLength(2);
  });
});
