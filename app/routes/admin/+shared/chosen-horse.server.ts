import { getHorse } from "~/models/horse.server";
import { Refused } from "./admin-action.server";

/** A victory's or a runner's horse must be one of the list: refused on its field otherwise (before any image is stored). */
export async function requireChosenHorse({ horseId }: { horseId: string }): Promise<void> {
  if (!(await getHorse(horseId))) throw new Refused({ errors: { horseId: "race.horseNotInList" } });
}
