import { sql } from "kysely";
import { databaseFileProblem, db } from "./db.server";
import { faultOf } from "./faults.server";
import { log } from "./log.server";

let draining = false;
let lastProblem: string | undefined;

/** Set on SIGTERM so a load balancer stops sending new visitors while requests finish. */
export function setDraining() {
  draining = true;
}

export type Health = {
  status: "ok" | "unavailable";
  database: "ok" | "unreachable" | "replaced";
  draining: boolean;
  /** Why the instance is unavailable; absent when it is ok. */
  reason?: string;
};

/**
 * Whether this instance can serve: the database answers a trivial query within the time limit.
 * The reason names the kind of failure (and its code), never the database's own message.
 */
export async function checkHealth(timeoutMs = 2000): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database check timed out")), timeoutMs);
  });
  let problem: string | undefined;
  let replaced: string | null = null;
  try {
    // The SQLite file deleted or replaced: the open handle still answers, from the old file.
    replaced = databaseFileProblem();
    if (replaced) throw new Error(replaced);
    await Promise.race([sql`select 1`.execute(db()), timeout]);
  } catch (error) {
    const fault = faultOf(error);
    problem = replaced
      ? replaced
      : fault
        ? `database unreachable (${fault.code})`
        : error instanceof Error && error.message === "database check timed out"
          ? `database did not answer within ${timeoutMs} ms`
          : "database unreachable";
    // One line when the state changes, not one per probe.
    if (problem !== lastProblem && !replaced)
      log.warn("health check: database unreachable", { reason: problem, error });
  } finally {
    clearTimeout(timer);
  }
  if (!problem && lastProblem) log.info("health check: database reachable again");
  lastProblem = problem;
  const database: Health["database"] = replaced ? "replaced" : problem ? "unreachable" : "ok";
  const status = database === "ok" && !draining ? "ok" : "unavailable";
  const reason = problem ?? (draining ? "stopping" : undefined);
  return reason ? { status, database, draining, reason } : { status, database, draining };
}
