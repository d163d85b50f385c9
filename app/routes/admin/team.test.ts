import { beforeEach, describe, expect, it } from "vitest";
import { buildRequest, signedInUser } from "@tests/auth";
import { answerOf, type ActionAnswer } from "@tests/action-answers";
import { useFreshDatabase } from "@tests/db";
import { listTeamMembers } from "~/models/team-member.server";
import type { AdminActionData } from "./+shared/admin-action.server";
import * as teamTab from "./team";

useFreshDatabase();

let cookie = "";
beforeEach(async () => {
  cookie = (await signedInUser({ admin: true })).cookie;
});

function post(form: Record<string, string>): Promise<ActionAnswer<AdminActionData>> {
  const request = buildRequest("/admin/team", { cookie, form });
  return answerOf(() => teamTab.action({ request, params: {}, context: {} } as never));
}

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
