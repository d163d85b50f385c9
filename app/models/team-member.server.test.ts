import { describe, expect, test } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { countChanges } from "@tests/content-changes";
import {
  createTeamMember,
  deleteTeamMember,
  listTeamMembers,
  moveTeamMember,
  moveTeamMemberTo,
  updateTeamMember,
  DEFAULT_MEMBER_DESCRIPTION,
} from "./team-member.server";

useFreshDatabase();

const image = { url: "/media/horse-images/a.webp", width: 800, height: 600 };

describe("team members and their positions", () => {
  test("members get positions 1..n and the default description", async () => {
    await createTeamMember({ name: "A", role: "Trainer" });
    await Promise.all(["B", "C", "D"].map((name) => createTeamMember({ name, role: "Groom" })));
    const team = await listTeamMembers();
    expect(team.map((m) => m.position)).toEqual([1, 2, 3, 4]);
    expect(team[0]!.description).toBe(DEFAULT_MEMBER_DESCRIPTION);
  });

  test("a member's role and description are kept in English and Danish; a blank Danish one is none", async () => {
    const m = await createTeamMember({
      name: "A",
      role: "Head Trainer",
      roleDa: "Cheftræner",
      descriptionDa: " Træner. ",
    });
    expect((await listTeamMembers())[0]).toMatchObject({
      role: "Head Trainer",
      roleDa: "Cheftræner",
      description: DEFAULT_MEMBER_DESCRIPTION,
      descriptionDa: "Træner.",
    });
    await updateTeamMember(m.id, {
      name: "A",
      role: "Trainer",
      roleDa: "",
      description: "Trains.",
      descriptionDa: null,
    });
    expect((await listTeamMembers())[0]).toMatchObject({ roleDa: "", description: "Trains.", descriptionDa: "" });
  });

  const positions = async () => (await listTeamMembers()).map((m) => [m.name, m.position]);

  test("moves swap with the neighbour and do nothing at the ends", async () => {
    const a = await createTeamMember({ name: "A", role: "Trainer" });
    const b = await createTeamMember({ name: "B", role: "Groom" });
    const c = await createTeamMember({ name: "C", role: "Rider" });
    await moveTeamMember(c.id, "up");
    expect(await positions()).toEqual([
      ["A", 1],
      ["C", 2],
      ["B", 3],
    ]);
    await moveTeamMember(a.id, "down");
    expect(await positions()).toEqual([
      ["C", 1],
      ["A", 2],
      ["B", 3],
    ]);
    expect(await moveTeamMember(c.id, "up")).toBe(true);
    expect(await moveTeamMember(b.id, "down")).toBe(true);
    expect(await positions()).toEqual([
      ["C", 1],
      ["A", 2],
      ["B", 3],
    ]);
    expect(await moveTeamMember("nope", "up")).toBe(false);
  });

  test("a move to a position makes room there and closes the gap it leaves", async () => {
    const ids: Record<string, string> = {};
    for (const name of ["A", "B", "C", "D", "E"]) ids[name] = (await createTeamMember({ name, role: "Groom" })).id;
    const changes = countChanges();
    expect(await moveTeamMemberTo(ids.E!, 2)).toBe(true);
    expect((await listTeamMembers()).map((m) => m.name)).toEqual(["A", "E", "B", "C", "D"]);
    expect(await moveTeamMemberTo(ids.A!, 4)).toBe(true);
    expect((await listTeamMembers()).map((m) => m.name)).toEqual(["E", "B", "C", "A", "D"]);
    expect(changes.count).toBe(2);
    changes.stop();
    // Beyond either end means the end; the place it already has changes nothing.
    await moveTeamMemberTo(ids.B!, 99);
    await moveTeamMemberTo(ids.D!, 0);
    expect(await positions()).toEqual([
      ["D", 1],
      ["E", 2],
      ["C", 3],
      ["A", 4],
      ["B", 5],
    ]);
    expect(await moveTeamMemberTo(ids.C!, 3)).toBe(true);
    expect((await listTeamMembers()).map((m) => m.name)).toEqual(["D", "E", "C", "A", "B"]);
    expect(await moveTeamMemberTo("nope", 1)).toBe(false);
  });

  test("a delete closes the gap", async () => {
    const ids = [];
    for (const name of ["A", "B", "C", "D", "E"])
      ids.push((await createTeamMember({ name, role: "Groom", photo: image })).id);
    expect(await deleteTeamMember(ids[1]!)).toEqual({ trashId: expect.any(String) });
    expect(await positions()).toEqual([
      ["A", 1],
      ["C", 2],
      ["D", 3],
      ["E", 4],
    ]);
    await deleteTeamMember(ids[0]!);
    await deleteTeamMember(ids[4]!);
    expect(await positions()).toEqual([
      ["C", 1],
      ["D", 2],
    ]);
    expect(await deleteTeamMember(ids[0]!)).toBeNull();
  });

  test("concurrent adds, moves and deletes keep positions 1..n without gaps or duplicates", async () => {
    const seed = [];
    for (let i = 0; i < 10; i++) seed.push((await createTeamMember({ name: `S${i}`, role: "Groom" })).id);
    await Promise.all([
      ...Array.from({ length: 15 }, (_, i) => createTeamMember({ name: `N${i}`, role: "Groom" })),
      ...seed.flatMap((id, i) => [moveTeamMember(id, i % 2 ? "up" : "down"), moveTeamMember(id, "up")]),
      ...seed.map((id, i) => moveTeamMemberTo(id, (i * 7) % 25)),
      deleteTeamMember(seed[3]!),
      deleteTeamMember(seed[7]!),
    ]);
    const team = await listTeamMembers();
    expect(team).toHaveLength(23);
    expect(team.map((m) => m.position)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
  });

  test("an edit changes the details, keeps the position and falls back to the default description", async () => {
    const m = await createTeamMember({ name: "A", role: "Trainer", description: "Own words", photo: image });
    const result = await updateTeamMember(m.id, { name: "Anna", role: "Head Trainer", description: "  " });
    expect(result).toEqual({ replacedImageUrl: null });
    expect((await listTeamMembers())[0]).toMatchObject({
      name: "Anna",
      role: "Head Trainer",
      description: DEFAULT_MEMBER_DESCRIPTION,
      photo: image,
      position: 1,
    });
    expect(await updateTeamMember("nope", { name: "x", role: "y" })).toBeNull();
  });
});
