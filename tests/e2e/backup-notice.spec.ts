import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";

// BACKUP_DIR names a file, so the scheduled backup the site runs soon after it starts fails. A
// server of its own: the failure is recorded after start, which a shared server's reset would undo.
const notAFolder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "stable-backup-e2e-")), "a-file");
fs.writeFileSync(notAFolder, "");
test.use({ ownServer: true, appEnv: { BACKUP_DIR: notAFolder, BACKUP_INTERVAL_HOURS: "24" } });

test("a failed scheduled backup is shown on every admin page (on Home among today's notices) while the site keeps serving", async ({
  adminPage: page,
  app,
}) => {
  const notice = page.getByRole("alert").filter({ hasText: "The last scheduled backup failed" });
  const today = page.getByRole("region", { name: "Notices" });
  await expect(async () => {
    await page.goto("/admin");
    await expect(today).toContainText("The last scheduled backup failed", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(today).toContainText(/EEXIST|ENOTDIR/);

  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Horses" }).click();
  await expect(page).toHaveURL(/\/admin\/horses$/);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/EEXIST|ENOTDIR/);
  await expect(notice).toContainText("The site keeps running.");

  // Visitors see nothing of it; the server keeps serving (the fixture fails a test whose server died).
  await page.goto("/horses");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(app.logs.join("")).toContain('"msg":"Scheduled backup failed"');
});
