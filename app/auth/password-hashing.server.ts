import { AsyncLocalStorage } from "node:async_hooks";
import os from "node:os";
import { hashPassword, verifyPassword } from "better-auth/crypto";

/**
 * Every password hash the site computes (sign-in, reset, setup, the admin command) costs about
 * 32 MB and tens of milliseconds of a core (scrypt). Left alone, a flood of sign-ins from many
 * addresses would run four at a time in Node's thread pool and crowd out the pages, the file
 * reads and the compression that share it. So hashes wait their turn here: a few at a time, and a
 * short queue beyond which an anonymous sign-in is refused at once with 503 instead of waiting.
 * See docs/decisions/0155-password-hashing-budget.md.
 */
export const HASHING = {
  /** Hashes computed at once: half the cores, at least one, so pages keep a core of their own. */
  concurrency: Math.max(1, Math.floor(os.availableParallelism() / 2)),
  /** Anonymous sign-ins that may wait for a turn; the next is refused. */
  queue: 8,
  /** What a refused sign-in is told to wait, in seconds. */
  retryAfterSeconds: 5,
};

/** No room in the queue for an anonymous sign-in right now. */
export class HashingBusyError extends Error {
  override name = "HashingBusyError";
  readonly retryAfterSeconds = HASHING.retryAfterSeconds;
  constructor() {
    super("Too many sign-ins are being checked right now.");
  }
}

export function isHashingBusy(error: unknown): error is HashingBusyError {
  return error instanceof HashingBusyError;
}

type Waiter = () => void;

/** At most `concurrency` tasks at once; those that may be refused wait in a queue of `queue`. */
export class WorkGate {
  private running = 0;
  private readonly urgent: Waiter[] = [];
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limits: { concurrency: number; queue: number }) {}

  /** Tasks running now and waiting, for tests and the bench. */
  get load() {
    return { running: this.running, waiting: this.urgent.length + this.waiting.length };
  }

  /**
   * Runs `task` when a slot is free. A `priority` task (one the site has a reason to trust: a
   * browser the account signed in from, a reset or setup link, the admin command) goes ahead of
   * the queue and is never refused; any other throws HashingBusyError when the queue is full.
   */
  async run<T>(task: () => Promise<T>, { priority }: { priority: boolean }): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (!priority && this.waiting.length >= this.limits.queue) throw new HashingBusyError();
      await new Promise<void>((resolve) => (priority ? this.urgent : this.waiting).push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.urgent.shift() ?? this.waiting.shift();
      // The slot passes straight to the next task, so nothing can slip in between.
      if (next) next();
      else this.running -= 1;
    }
  }
}

const gate = new WorkGate(HASHING);
const trusted = new AsyncLocalStorage<boolean>();

/** Runs `fn` with its password hashes ahead of anonymous sign-ins and never refused. */
export function withTrustedHashing<T>(fn: () => Promise<T>): Promise<T> {
  return trusted.run(true, fn);
}

/** The auth library's hash and verify, each through the gate (given to better-auth in auth.server.ts). */
export const gatedPassword = {
  hash: (password: string) => gate.run(() => hashPassword(password), { priority: trusted.getStore() === true }),
  verify: (data: { hash: string; password: string }) =>
    gate.run(() => verifyPassword(data), { priority: trusted.getStore() === true }),
};

/** The site's gate itself: tests fill it to see a sign-in refused. */
export function passwordHashingGate() {
  return gate;
}
