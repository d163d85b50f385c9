import { sql } from "kysely";
import { db } from "./db.server";

let draining = false;

/** Set on SIGTERM so a load balancer stops sending new visitors while requests finish. */
export function setDraining() {
  draining = true;
}

export type Health = { status: "ok" | "unavailable"; database: "ok" | "unreachable"; draining: boolean };

/** Whether this instance can serve: the database answers a trivial query within the time limit. */
export async function checkHealth(timeoutMs = 2000): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database check timed out")), timeoutMs);
  });
  let database: Health["database"] = "ok";
  try {
    await Promise.race([sql`select 1`.execute(db()), timeout]);
  } catch {
    database = "unreachable";
  } finally {
    clearTimeout(timer);
  }
  const status = database === "ok" && !draining ? "ok" : "unavailable";
  return { status, database, draining };
}
