import { describe, expect, it } from "vitest";
import { createTeamMember, listTeamMembers } from "~/models/team-member.server";
import type { Toast } from "~/toast/toast";
import { breakTable, failure, savedAt, success, useAdmin } from "@tests/admin-actions";
import { useFreshDatabase } from "@tests/db";
import * as teamTab from "./team";

useFreshDatabase();

const { run, failureCheck } = useAdmin();

function post(form: Record<string, string>) {
  return run(teamTab.action, "/admin/team", form);
}

describe("Team tab", () => {
  it("adds members at the end with the default description, reorders, edits and deletes", async () => {
    const add = await run(teamTab.action, "/admin/team", {
      intent: "create",
      name: "Anna",
      role: "Trainer",
      description: "",
    });
    expect(add).toMatchObject({ status: 302, toast: success("Team Member Added") });
    expect(add.location).toBe(savedAt("/admin/team", (await listTeamMembers())[0]!.id));
    await run(teamTab.action, "/admin/team", {
      intent: "create",
      name: "Bo",
      role: "Groom",
      description: "Early riser",
    });
    let team = await listTeamMembers();
    expect(team.map((m) => [m.position, m.name, m.description])).toEqual([
      [1, "Anna", "Experienced professional dedicated to excellence in horse racing."],
      [2, "Bo", "Early riser"],
    ]);

    const move = await run(teamTab.action, "/admin/team", { intent: "move-up", id: team[1]!.id });
    expect(move).toMatchObject({
      status: 302,
      location: savedAt("/admin/team", team[1]!.id),
      toast: success("Order Updated", "Team member position has been updated."),
    });
    expect((await listTeamMembers()).map((m) => m.name)).toEqual(["Bo", "Anna"]);

    // Sent in place by the page's script: the answer is the toast, in a slot of its own so a run
    // of moves shows one toast; Move to position puts a member straight where it belongs.
    const inPlace = await run(teamTab.action, "/admin/team", { intent: "move-down", id: team[1]!.id, _inPlace: "1" });
    expect(inPlace).toMatchObject({
      status: 200,
      location: null,
      toast: expect.objectContaining({ type: "success", title: "Order Updated", slot: "team-order" }),
    });
    expect((await listTeamMembers()).map((m) => m.name)).toEqual(["Anna", "Bo"]);
    const moveTo = await run(teamTab.action, "/admin/team", { intent: "move-to", id: team[1]!.id, position: "1" });
    expect(moveTo).toMatchObject({ status: 302, toast: success("Order Updated") });
    expect((await listTeamMembers()).map((m) => m.name)).toEqual(["Bo", "Anna"]);
    expect(
      await run(teamTab.action, "/admin/team", { intent: "move-to", id: team[1]!.id, position: "x" }),
    ).toMatchObject({
      status: 400,
    });

    const edit = await run(teamTab.action, "/admin/team", {
      intent: "update",
      id: team[0]!.id,
      name: "Anna K",
      role: "Head Trainer",
      description: "",
    });
    expect(edit).toMatchObject({ status: 302, toast: success("Team Member Updated") });
    team = await listTeamMembers();
    expect(team[1]).toMatchObject({ name: "Anna K", role: "Head Trainer", position: 2 });

    const del = await run(teamTab.action, "/admin/team", { intent: "delete", id: team[0]!.id });
    expect(del).toMatchObject({
      status: 302,
      toast: success("Item Deleted", "The item has been removed successfully."),
    });
    expect((await listTeamMembers()).map((m) => [m.position, m.name])).toEqual([[1, "Anna K"]]);
  });

  it("requires name and role and keeps what was typed", async () => {
    const r = await run(teamTab.action, "/admin/team", { intent: "create", name: "", role: " ", description: "Typed" });
    expect(r.status).toBe(400);
    expect(r.data!.errors).toEqual({ name: "Full name is required", role: "Role is required" });
    expect(r.data!.values.description).toBe("Typed");
    expect(await listTeamMembers()).toEqual([]);
  });

  it("answers a failing database with the spec's toasts", async () => {
    const m = await createTeamMember({ name: "Anna", role: "Trainer" });
    const fails = failureCheck(teamTab.action, "/admin/team");
    await fails({ intent: "move-down", id: "gone" }, "Failed to update team member position", 404);
    await breakTable("team_members");
    await fails({ intent: "create", name: "B", role: "R" }, "Failed to add team member");
    await fails({ intent: "update", id: m.id, name: "B", role: "R" }, "Failed to update team member");
    await fails({ intent: "move-up", id: m.id }, "Failed to update team member position");
    await fails({ intent: "delete", id: m.id }, "Failed to delete team member");
    const loaded = await run(teamTab.loader, "/admin/team");
    expect((loaded.data as unknown as { fetchError: Toast }).fetchError).toEqual(
      failure("Failed to fetch team members"),
    );
  });
});

describe("Team tab: roles and descriptions in both languages", () => {
  it("saves the Danish role and description beside the spec's English ones", async () => {
    const r = await post({
      intent: "create",
      name: "Henrik Lauritsen",
      role: "Head Trainer",
      roleDa: "Cheftræner",
      description: "",
      descriptionDa: "Henrik planlægger hver hests sæson.",
    });
    expect(r).toMatchObject({ status: 302 });
    expect((await listTeamMembers())[0]).toMatchObject({
      role: "Head Trainer",
      roleDa: "Cheftræner",
      descriptionDa: "Henrik planlægger hver hests sæson.",
    });
  });

  it("keeps the spec's rule: the English role is required, the Danish one is not; limits on both", async () => {
    const r = await post({ intent: "create", name: "Maja", role: "", roleDa: "Assistenttræner" });
    expect(r.status).toBe(400);
    expect(r.data!.errors).toEqual({ role: "Role is required" });
    const long = await post({ intent: "create", name: "Maja", role: "Rider", descriptionDa: "x".repeat(1001) });
    expect(long.data!.errors).toEqual({ descriptionDa: "Must be 1000 characters or less" });
    expect(await listTeamMembers()).toEqual([]);
  });
});
