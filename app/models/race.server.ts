/** What a race is, as a victory and a runner both store it. */
export type RaceDetails = {
  raceName: string;
  raceDate: string;
  track?: string | null;
  distance?: string | null;
  jockey?: string | null;
};

/** A race's columns; a blank optional detail is stored as null. */
export function raceColumns(race: RaceDetails) {
  return {
    race_name: race.raceName,
    race_date: race.raceDate,
    track: race.track || null,
    distance: race.distance || null,
    jockey: race.jockey || null,
  };
}
