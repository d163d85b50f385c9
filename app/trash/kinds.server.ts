import { horseTrash } from "~/models/horse.server";
import { postTrash } from "~/models/post.server";
import { runnerTrash } from "~/models/runner.server";
import type { TrashKind } from "~/models/trash.server";
import { teamMemberTrash } from "~/models/team-member.server";
import { victoryTrash } from "~/models/winner.server";

/** Every kind of record the trash can hold, by the name stored in its rows. A new kind adds its line. */
const KINDS: TrashKind<never>[] = [
  horseTrash,
  victoryTrash,
  teamMemberTrash,
  runnerTrash,
  postTrash,
] as TrashKind<never>[];

export const TRASH_KINDS: ReadonlyMap<string, TrashKind<unknown>> = new Map(
  KINDS.map((k) => [k.name, k as TrashKind<unknown>]),
);

/** What a trash row's kind is called on screen. */
export function nounOf(kind: string) {
  return TRASH_KINDS.get(kind)?.noun ?? kind;
}
