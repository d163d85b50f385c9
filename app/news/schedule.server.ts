import { wakeMailDelivery } from "~/jobs/mail-delivery.server";
import { queueDueNewsletters } from "~/models/newsletter-send.server";
import { nextScheduledAt } from "~/models/post.server";
import { nextUpdateNoticeAt, queueDueUpdateNotices } from "~/models/update-notice.server";
import { env } from "~/platform/env.server";
import { contentChanged, onContentChange } from "~/platform/invalidation.server";
import { log } from "~/platform/log.server";

/** Looked at again at least this often, so a missed signal or a changed clock is caught up on. */
const RECHECK_MS = 10 * 60_000;

/**
 * A scheduled post appears at its time: the page cache holds the pages rendered before it, so when
 * the next scheduled public time passes, this signals contentChanged() like a write would, and
 * queues the newsletter of a post sent as one; an owners-only post (never cached) has its owners
 * told then (each post's claim makes both once, whichever instance is first). Every instance runs
 * its own (each empties its own cache). Any write re-reads the next time; each look also queues
 * what came due while no instance ran.
 */
export function startPostSchedule() {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due: number | null = null;
  let stopped = false;
  let generation = 0;
  let pending: Promise<void> = Promise.resolve();

  async function queueDue(what: string, queue: () => Promise<number>) {
    try {
      const queued = await queue();
      if (queued > 0) {
        log.info(`${what} queued at its post's time`, { mails: queued });
        wakeMailDelivery();
      }
    } catch (error) {
      log.warn(`queueing a scheduled ${what} failed; trying again at the next look`, { error });
    }
  }

  async function arm() {
    const mine = ++generation;
    clearTimeout(timer);
    await queueDue("newsletter", () => queueDueNewsletters({ attemptLimit: env().CONTACT_MAX_ATTEMPTS }));
    await queueDue("owners' update notice", () => queueDueUpdateNotices());
    let next: string | null = null;
    let notices: string | null = null;
    try {
      [next, notices] = await Promise.all([nextScheduledAt(new Date()), nextUpdateNoticeAt(new Date())]);
    } catch (error) {
      log.warn("post schedule read failed", { error });
    }
    if (stopped || mine !== generation) return;
    due = next ? Date.parse(next) : null;
    const soonest = Math.min(due ?? Infinity, notices ? Date.parse(notices) : Infinity);
    const wait = soonest === Infinity ? RECHECK_MS : Math.min(Math.max(0, soonest - Date.now()), RECHECK_MS);
    timer = setTimeout(tick, wait);
    timer.unref?.();
  }

  function tick() {
    if (due !== null && Date.now() >= due) {
      due = null;
      contentChanged();
    }
    pending = arm();
  }

  const unsubscribe = onContentChange(() => {
    pending = arm();
  });
  pending = arm();
  return {
    /** Resolves once the next time has been read (tests wait for it). */
    settled: () => pending,
    stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
    },
  };
}
