import { wakeMailDelivery } from "~/jobs/mail-delivery.server";
import { queueDueNewsletters } from "~/models/newsletter-send.server";
import { nextScheduledAt } from "~/models/post.server";
import { env } from "~/platform/env.server";
import { contentChanged, onContentChange } from "~/platform/invalidation.server";
import { log } from "~/platform/log.server";

/** Looked at again at least this often, so a missed signal or a changed clock is caught up on. */
const RECHECK_MS = 10 * 60_000;

/**
 * A scheduled post appears at its time: the page cache holds the pages rendered before it, so when
 * the next scheduled time passes, this signals contentChanged() like a write would, and queues the
 * newsletter of a post sent as one (the post's claim makes that once, whichever instance is
 * first). Every instance runs its own (each empties its own cache). Any write re-reads the next
 * time; each look also queues a newsletter whose time passed while no instance ran.
 */
export function startPostSchedule() {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due: number | null = null;
  let stopped = false;
  let generation = 0;
  let pending: Promise<void> = Promise.resolve();

  async function sendDueNewsletters() {
    try {
      const queued = await queueDueNewsletters({ attemptLimit: env().CONTACT_MAX_ATTEMPTS });
      if (queued > 0) {
        log.info("newsletter queued at its post's time", { mails: queued });
        wakeMailDelivery();
      }
    } catch (error) {
      log.warn("queueing a scheduled newsletter failed; trying again at the next look", { error });
    }
  }

  async function arm() {
    const mine = ++generation;
    clearTimeout(timer);
    await sendDueNewsletters();
    let next: string | null = null;
    try {
      next = await nextScheduledAt(new Date());
    } catch (error) {
      log.warn("post schedule read failed", { error });
    }
    if (stopped || mine !== generation) return;
    due = next ? Date.parse(next) : null;
    const wait = due === null ? RECHECK_MS : Math.min(Math.max(0, due - Date.now()), RECHECK_MS);
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
