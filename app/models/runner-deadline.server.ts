import { db } from "~/platform/db.server";

/** A runner's declaration and withdrawal deadlines: Today at the Stable and the 07:00 reminder read them. */

export type Deadline = {
  runnerId: string;
  horseName: string;
  raceName: string;
  raceDate: string;
  /** declare: the runner must be declared by then; withdraw: withdrawn by then if it is not to run. */
  kind: "declare" | "withdraw";
  at: string;
};

/**
 * The deadlines from `fromIso` to `toIso` (instants, both included) that still need an action,
 * soonest first: declaring an entered runner, withdrawing a runner that is not already out.
 */
export async function listDeadlines(fromIso: string, toIso: string): Promise<Deadline[]> {
  const base = () =>
    db()
      .selectFrom("runners as r")
      .innerJoin("horses as h", "h.id", "r.horse_id")
      .select(["r.id", "h.name as horse_name", "r.race_name", "r.race_date"])
      .where("r.result_at", "is", null);
  const [declare, withdraw] = await Promise.all([
    base()
      .select("r.declaration_deadline as at")
      .where("r.status", "=", "entered")
      .where("r.declaration_deadline", ">=", fromIso)
      .where("r.declaration_deadline", "<=", toIso)
      .execute(),
    base()
      .select("r.withdrawal_deadline as at")
      .where("r.status", "<>", "withdrawn")
      .where("r.withdrawal_deadline", ">=", fromIso)
      .where("r.withdrawal_deadline", "<=", toIso)
      .execute(),
  ]);
  const of = (kind: Deadline["kind"]) => (r: (typeof declare)[number]) => ({
    runnerId: r.id,
    horseName: r.horse_name,
    raceName: r.race_name,
    raceDate: r.race_date,
    kind,
    at: r.at!,
  });
  return [...declare.map(of("declare")), ...withdraw.map(of("withdraw"))].sort((a, b) =>
    a.at < b.at ? -1 : a.at > b.at ? 1 : a.kind.localeCompare(b.kind),
  );
}
