import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import { LangContext } from "~/i18n/use-lang";
import type { Lang } from "~/i18n/lang";
import { createContactMessage, markContactMessageRead } from "~/models/contact-message.server";
import { createHorse } from "~/models/horse.server";
import { createRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { db } from "~/platform/db.server";
import { danishToday } from "~/racing/race-day";
import { buildRequest, signedInUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import AdminLayout, { loader } from "./layout";

useFreshDatabase();

type Args = Parameters<typeof loader>[0];
const args = (request: Request) => ({ request, params: {}, context: {} }) as unknown as Args;

useTestEnv({ BACKUP_DIR: "/var/backups/stable", BACKUP_INTERVAL_HOURS: "24" });

type Data = Awaited<ReturnType<typeof loader>>;

function render(data: Data, path: string, lang: Lang = "en") {
  const Stub = createRoutesStub([
    { path: "/admin/*", Component: AdminLayout, loader: () => data, HydrateFallback: () => null },
  ]);
  return renderToString(
    createElement(
      LangContext,
      { value: lang },
      createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { 0: data } } }),
    ),
  );
}

test("every admin page but Home says so while the last scheduled backup has failed (Home lists it for today)", async () => {
  const { cookie } = await signedInUser({ admin: true });
  expect((await loader(args(buildRequest("/admin", { cookie })))).backupFailure).toBeNull();

  await db()
    .insertInto("job_runs")
    .values({
      job: "backup",
      period: "2026-11-22T00:00:00.000Z",
      status: "failed",
      started_at: "2026-11-22T10:29:00.000Z",
      finished_at: "2026-11-22T10:30:00.000Z",
      error: "The server's disk is full. (ENOSPC: no space left on device, write)",
      retry_at: "2026-11-22T11:30:00.000Z",
    })
    .execute();
  const data = await loader(args(buildRequest("/admin/horses", { cookie })));
  expect(data.backupFailure).toMatchObject({ error: expect.stringContaining("disk is full") });

  const html = render(data, "/admin/horses");
  expect(html).toContain('role="alert"');
  expect(html).toContain("The last scheduled backup failed (22.11.2026, 11.30)");
  expect(html).toContain("The server&#x27;s disk is full.");
  expect(html).toContain("The next attempt is at 22.11.2026, 12.30");
  expect(render(data, "/admin/horses", "da")).toContain("Den seneste planlagte sikkerhedskopi mislykkedes");
  expect(render(data, "/admin")).not.toContain("The last scheduled backup failed");
});

test("the tabs count what waits on them, and say so to a screen reader", async () => {
  const { cookie } = await signedInUser({ admin: true });
  const horse = await createHorse({ name: "Nordlys", age: 4, color: "Brown", sire: "S", dam: "D" });
  const today = danishToday();
  await createRunner({ horseId: horse.id, raceName: "Past", raceDate: "2020-05-01" });
  const recorded = await createRunner({ horseId: horse.id, raceName: "Done", raceDate: "2020-05-02" });
  await recordResult(recorded.id, { position: 2, didNotFinish: false, prizeOre: null }, today);
  await createRunner({ horseId: horse.id, raceName: "Ahead", raceDate: "2099-01-01" });
  const message = (name: string) =>
    createContactMessage({ name, email: "v@example.com", message: "Hello there, stable." }, { attemptLimit: 3 });
  await message("Anna");
  await message("Bo");
  await markContactMessageRead((await message("Carl")).id);

  const data = await loader(args(buildRequest("/admin", { cookie })));
  expect(data.counts).toEqual({ runners: 1, messages: 2 });
  const html = render(data, "/admin");
  expect(html).toContain('aria-label="Runners, 1 result to record"');
  expect(html).toContain('aria-label="Messages, 2 unread"');
  expect(render(data, "/admin", "da")).toContain('aria-label="Beskeder, 2 ulæste"');

  // Nothing waiting: the tabs are named as ever.
  const quiet = render({ ...data, counts: { runners: 0, messages: 0 } }, "/admin");
  expect(quiet).not.toContain("unread");
  expect(quiet).not.toContain("to record");
});
