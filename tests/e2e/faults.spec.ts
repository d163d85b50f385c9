import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, expect } from "@playwright/test";
import { createHorse, listHorses } from "~/models/horse.server";
import { closeDatabase, openSqlite, useDatabase } from "~/platform/db.server";
import { createSession, createUser } from "@tests/auth";
import { photoJpeg } from "@tests/images";
import { mountSmallDisk } from "@tests/small-disk";
import { startAppServer } from "./app-server";

test.describe.configure({ timeout: 90_000 });

const PUBLIC_PAGES = ["/", "/horses", "/winners", "/team", "/contact"];

/**
 * The site's data directory on a file system that refuses writes: a small tmpfs filled to the brim
 * when running as root (CI does), else folders this user may not write to. Both are real faults.
 */
function refusingDisk() {
  const disk = mountSmallDisk(32 * 1024);
  if (disk) {
    return {
      dataDir: disk.dir,
      refuse: () => disk.fill(),
      reason: "The server's disk is full.",
      cleanup: () => disk.unmount(),
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stable-e2e-locked-"));
  const locked = [path.join(dataDir, "tmp"), path.join(dataDir, "media")];
  return {
    dataDir,
    refuse: () => {
      for (const dir of locked) {
        fs.mkdirSync(dir, { recursive: true });
        fs.chmodSync(dir, 0o555);
      }
    },
    reason: "The server cannot write files right now. Please try again later.",
    cleanup: () => {
      for (const dir of locked) fs.chmodSync(dir, 0o755);
    },
  };
}

test(
  "a disk that refuses writes: the upload says why, nothing is kept, the same server keeps serving",
  { tag: "@any-width" },
  async ({ page }) => {
    const secret = crypto.randomBytes(32).toString("base64url");
    process.env.SESSION_SECRET = secret;
    const disk = refusingDisk();
    const server = await startAppServer({ DATA_DIR: disk.dataDir, SESSION_SECRET: secret });
    try {
      useDatabase(openSqlite(path.join(server.dataDir, "stable.db")));
      await createHorse({ name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" });
      const session = await createSession(await createUser({ email: "admin@stable.test", admin: true }));
      await page.context().addCookies([{ name: session.name, value: session.value, url: server.url, httpOnly: true }]);
      const photo = await photoJpeg(1224, 816);

      await page.goto(`${server.url}/admin/horses`);
      const add = page.getByRole("form", { name: "Add New Horse" });
      await expect(add).toBeVisible();
      disk.refuse();

      await add.getByLabel("Horse Name", { exact: true }).fill("Stormvind");
      await add.getByLabel("Age", { exact: true }).fill("5");
      await add.getByLabel("Color", { exact: true }).fill("Grey");
      await add.getByLabel("Sire", { exact: true }).fill("Frankel");
      await add.getByLabel("Dam", { exact: true }).fill("Blæst");
      await add.getByLabel("Horse Image", { exact: true }).setInputFiles({
        name: "stormvind.jpg",
        mimeType: "image/jpeg",
        buffer: photo,
      });
      await add.getByRole("button", { name: "Add Horse" }).click();
      await expect(page.getByText(`Failed to add horse. ${disk.reason}`)).toBeVisible();
      // What was typed stays; no record and no temporary file are left.
      await expect(add.getByLabel("Horse Name", { exact: true })).toHaveValue("Stormvind");
      expect((await listHorses()).map((h) => h.name)).toEqual(["Nordlys"]);
      const uploads = path.join(server.dataDir, "tmp", "uploads");
      expect(fs.existsSync(uploads) ? fs.readdirSync(uploads) : []).toEqual([]);

      // The same process, never restarted, still serves every public page.
      for (const p of PUBLIC_PAGES) expect((await fetch(`${server.url}${p}`)).status, p).toBe(200);
      await page.goto(`${server.url}/horses`);
      await expect(page.getByRole("heading", { name: "Nordlys" })).toBeVisible();
      expect(server.exit()).toBeNull();
    } finally {
      await closeDatabase();
      try {
        await server.stop();
      } finally {
        disk.cleanup();
      }
    }
  },
);
