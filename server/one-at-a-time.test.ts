// @vitest-environment node
// The watches' poll: one run at a time, and a call during a run gets a run after it.
import { describe, expect, it } from "vitest";
import { oneAtATime } from "./one-at-a-time.ts";

/** A run that waits until `finish()` is called, counting its starts. */
function gated(fail = false) {
  const runs: Array<() => void> = [];
  const poll = oneAtATime(
    () =>
      new Promise<void>((resolve, reject) => runs.push(() => (fail ? reject(new Error("x")) : resolve()))),
  );
  const finish = async () => {
    runs.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { poll, runs, finish };
}

describe("oneAtATime", () => {
  it("runs once at a time, and once more after a run for every call made during it", async () => {
    const { poll, runs, finish } = gated();
    const first = poll();
    const second = poll();
    const third = poll();
    expect(second).toBe(third);
    expect(runs).toHaveLength(1);
    await finish();
    await first;
    expect(runs).toHaveLength(1); // the follow-up, started only once the first ended
    await finish();
    await second;
    expect(runs).toHaveLength(0);
  });

  it("keeps running after a run fails, and settles when nothing is left", async () => {
    const { poll, runs, finish } = gated(true);
    const first = poll().catch(() => "failed");
    const second = poll().catch(() => "failed");
    await finish();
    expect(await first).toBe("failed");
    expect(runs).toHaveLength(1);
    let settled = false;
    const done = poll.settled().then(() => (settled = true));
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    await finish();
    await done;
    expect(await second).toBe("failed");
  });
});
