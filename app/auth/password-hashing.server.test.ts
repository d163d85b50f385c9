import { describe, expect, it } from "vitest";
import { HashingBusyError, WorkGate } from "./password-hashing.server";

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe("the password-hashing gate", () => {
  it("never runs more than its concurrency at once, and refuses an anonymous task beyond its queue", async () => {
    const gate = new WorkGate({ concurrency: 2, queue: 3 });
    let running = 0;
    let most = 0;
    const holds = Array.from({ length: 5 }, deferred);
    const tasks = holds.map((hold) =>
      gate.run(
        async () => {
          most = Math.max(most, ++running);
          await hold.promise;
          running -= 1;
        },
        { priority: false },
      ),
    );
    expect(gate.load).toEqual({ running: 2, waiting: 3 });
    await expect(gate.run(async () => "late", { priority: false })).rejects.toBeInstanceOf(HashingBusyError);
    for (const hold of holds) hold.release();
    await Promise.all(tasks);
    expect(most).toBe(2);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(await gate.run(async () => "again", { priority: false })).toBe("again");
  });

  it("lets a trusted task past a full queue, ahead of the anonymous ones", async () => {
    const gate = new WorkGate({ concurrency: 1, queue: 2 });
    const order: string[] = [];
    const first = deferred();
    const busy = gate.run(() => first.promise, { priority: false });
    const queued = ["a", "b"].map((name) => gate.run(async () => void order.push(name), { priority: false }));
    await expect(gate.run(async () => "c", { priority: false })).rejects.toBeInstanceOf(HashingBusyError);
    const trusted = gate.run(async () => void order.push("trusted"), { priority: true });
    first.release();
    await Promise.all([busy, ...queued, trusted]);
    expect(order).toEqual(["trusted", "a", "b"]);
  });

  it("frees the slot when a task fails", async () => {
    const gate = new WorkGate({ concurrency: 1, queue: 0 });
    await expect(gate.run(() => Promise.reject(new Error("boom")), { priority: false })).rejects.toThrow("boom");
    expect(await gate.run(async () => 1, { priority: false })).toBe(1);
  });
});
