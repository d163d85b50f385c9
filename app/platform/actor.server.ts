import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Who is making the current change: a signed-in administrator in the dashboard, the admin command, an
 * owner in the owners' area (or by a link from a mail). `origin`: the site's address the request came
 * to (PUBLIC_ORIGIN, or an allowed local one), for links in mail the change queues.
 */
export type Actor = {
  userId: string | null;
  email: string | null;
  via: "dashboard" | "command" | "sign-in" | "owners";
  origin?: string;
};

const current = new AsyncLocalStorage<Actor>();

/**
 * Runs `fn` on behalf of `actor`: the models record what it changes in the activity log and in the
 * trash under that name. Set once where admin writes come in (adminAction, the admin command).
 */
export function runAs<T>(actor: Actor, fn: () => T): T {
  return current.run(actor, fn);
}

export function currentActor(): Actor | undefined {
  return current.getStore();
}
