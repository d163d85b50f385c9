import type { Clock } from "~/jobs/scheduler.server";

export type FakeClock = Clock & {
  /** Sets the time without firing anything (another instance's clock, a process that was down). */
  set(at: string | Date): void;
  /**
   * Moves the time to `to`, firing each timer due on the way in order, and after each waits for
   * `settled` (what the timer started: real database work), so the next timer exists when looked for.
   */
  moveTo(to: string | Date, settled: () => Promise<unknown>): Promise<void>;
  /** The timers waiting to fire. */
  pending(): number;
};

/** A clock that stands still until the test moves it. */
export function fakeClock(start: string | Date): FakeClock {
  let now = new Date(start).getTime();
  let ids = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => new Date(now),
    setTimer(fn, ms) {
      const id = ++ids;
      timers.set(id, { at: now + Math.max(0, ms), fn });
      return () => timers.delete(id);
    },
    set(at) {
      now = new Date(at).getTime();
    },
    async moveTo(to, settled) {
      const target = new Date(to).getTime();
      for (;;) {
        await settled();
        const due = [...timers].filter(([, t]) => t.at <= target).sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].fn();
      }
      now = target;
    },
    pending: () => timers.size,
  };
}
