import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import { db } from "~/platform/db.server";
import { buildRequest, signedInUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import AdminLayout, { loader } from "./layout";

useFreshDatabase();

type Args = Parameters<typeof loader>[0];
const args = (request: Request) => ({ request, params: {}, context: {} }) as unknown as Args;

useTestEnv({ BACKUP_DIR: "/var/backups/stable", BACKUP_INTERVAL_HOURS: "24" });

test("every admin page says so while the last scheduled backup has failed", async () => {
  const { cookie } = await signedInUser({ admin: true });
  expect((await loader(args(buildRequest("/admin", { cookie })))).backupFailure).toBeNull();

  await db()
    .updateTable("backup_schedule")
    .set({
      last_failure_at: "2026-11-22T10:30:00.000Z",
      last_error: "The server's disk is full. (ENOSPC: no space left on device, write)",
      next_due_at: "2026-11-22T11:30:00.000Z",
    })
    .execute();
  const data = await loader(args(buildRequest("/admin/horses", { cookie })));
  expect(data.backupFailure).toMatchObject({ error: expect.stringContaining("disk is full") });

  const Stub = createRoutesStub([
    { path: "/admin", Component: AdminLayout, loader: () => data, HydrateFallback: () => null },
  ]);
  const html = renderToString(
    createElement(Stub, { initialEntries: ["/admin"], hydrationData: { loaderData: { 0: data } } }),
  );
  expect(html).toContain('role="alert"');
  expect(html).toContain("The last scheduled backup failed (22.11.2026, 11.30)");
  expect(html).toContain("The server&#x27;s disk is full.");
  expect(html).toContain("The next attempt is at 22.11.2026, 12.30");
});
