import { describe, expect, it } from "vitest";
import { createHorse, getHorse } from "~/models/horse.server";
import { useAdmin, type Args } from "@tests/admin-actions";
import { buildRequest } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import * as horsesTab from "./horses";
import * as trashTab from "./trash";

useFreshDatabase();

const admin = useAdmin();
const { run } = admin;

describe("Undo and Trash", () => {
  it("a delete's toast carries Undo; undo returns to the tab, only ever an admin page", async () => {
    const h = await createHorse({ name: "Nordlys", age: 4, color: "Bay", sire: "S", dam: "D" });
    const deleted = await run(horsesTab.action, "/admin/horses", { intent: "delete", id: h.id });
    expect(deleted).toMatchObject({
      status: 302,
      location: "/admin/horses",
      toast: {
        title: "Horse Deleted",
        description: "Horse has been removed successfully.",
        undo: { trashId: expect.any(String), returnTo: "/admin/horses" },
      },
    });
    const undo = (returnTo: string) =>
      run(trashTab.action, "/admin/trash", { intent: "undo", id: deleted.toast!.undo!.trashId, returnTo });
    const undone = await undo("https://elsewhere.example/admin");
    expect(undone).toMatchObject({
      status: 302,
      location: "/admin/trash",
      toast: { title: "Horse Restored", description: "Nordlys has been restored." },
    });
    expect((await getHorse(h.id))?.name).toBe("Nordlys");
    const again = await undo("/admin/horses");
    expect(again).toMatchObject({
      status: 404,
      toast: { description: "Failed to restore item: it is no longer in the trash." },
    });

    const second = await run(horsesTab.action, "/admin/horses", { intent: "delete", id: h.id });
    const page = (
      await (trashTab.loader as unknown as (a: Args) => Promise<{ items: { id: string; noun: string }[] }>)({
        request: buildRequest("/admin/trash", { cookie: admin.cookie }),
        params: {},
        context: {},
      })
    ).items;
    expect(page).toEqual([expect.objectContaining({ id: second.toast!.undo!.trashId, noun: "Horse" })]);
    expect(
      await run(trashTab.action, "/admin/trash", { intent: "purge", id: second.toast!.undo!.trashId }),
    ).toMatchObject({ status: 302, location: "/admin/trash", toast: { title: "Deleted Forever" } });
    expect(await getHorse(h.id)).toBeNull();
    expect(await run(trashTab.action, "/admin/trash", { intent: "nonsense", id: "x" })).toMatchObject({ status: 400 });
  });
});
