import type { HorseUpdate } from "~/models/horse.server";

type HorseDetails = Omit<HorseUpdate, "prizeDeltaOre" | "firstPlaces" | "secondPlaces" | "thirdPlaces">;

/** A save of the horse form for `horse`: the total unchanged, no places, no new image, then `changes`. */
export function horseEdit(horse: HorseDetails, changes: Partial<HorseUpdate> = {}): HorseUpdate {
  return { ...horse, prizeDeltaOre: 0, firstPlaces: 0, secondPlaces: 0, thirdPlaces: 0, ...changes };
}
