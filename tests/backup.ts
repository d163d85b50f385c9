import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { normalisedRows } from "~/backup/restore-backup.server";
import { CONTENT_TABLES } from "~/backup/tables.server";
import { saveContactInfo } from "~/models/contact-info.server";
import { createContactMessage } from "~/models/contact-message.server";
import { updateHomeImage } from "~/models/home-image.server";
import { createHorse } from "~/models/horse.server";
import { saveNews } from "~/models/news.server";
import { createTeamMember } from "~/models/team-member.server";
import { createWinner } from "~/models/winner.server";
import { expect } from "vitest";
import type { DB } from "~/platform/db.server";
import { storeImage } from "~/media/images.server";
import { requestPasswordReset } from "~/auth/password-reset.server";
import type { Storage } from "~/media/storage.server";
import { createSession, createUser } from "./auth";
import { plainJpeg } from "./images";

async function image(bucket: "horse-images" | "winner-photos" | "team-photos", width: number, homePosition?: number) {
  const file = path.join(os.tmpdir(), `stable-backup-test-${crypto.randomUUID()}.jpg`);
  await fs.writeFile(file, await plainJpeg(width, Math.round(width * 0.75)));
  try {
    return await storeImage(bucket, { path: file }, { homePosition });
  } finally {
    await fs.rm(file, { force: true });
  }
}

/**
 * A little of every kind of content, with photos, into the process-wide database and storage:
 * what a backup must carry. Also a session and a queued reset mail (which it must not).
 */
export async function seedContent() {
  const photo = await image("horse-images", 400);
  const horse = await createHorse({ name: "Nordlys", age: 4, color: "Bay", sire: "S", dam: "D", image: photo });
  await createHorse({ name: "Skovmærke", age: 2, color: "Grey", sire: "S", dam: "D" });
  await createWinner({
    horseId: horse.id,
    raceName: "Dansk Derby",
    raceDate: "2026-06-07",
    track: "Klampenborg",
    prizeOre: 12_500_050,
    photo: await image("winner-photos", 360),
  });
  await createTeamMember({ name: "Ida Holm", role: "Trainer", photo: await image("team-photos", 320) });
  await createTeamMember({ name: "Jens", role: "Rider", description: "Rides out every morning" });
  await saveNews("Nordlys won the Derby «with ease»");
  await saveContactInfo({
    address: "Stalden 1\n2930 Klampenborg",
    phoneNumber: "+45 12 34 56 78",
    emailAddress: "mail@stald.dk",
  });
  await updateHomeImage("home-2", { image: await image("horse-images", 480, 2), altText: "The paddock" });
  await createContactMessage(
    { name: "Visitor", email: "visitor@example.com", message: "Do you take new horses in training?" },
    { attemptLimit: 3 },
  );
  const admin = await createUser({ email: "owner@stald.dk", admin: true });
  await createSession(admin);
  await requestPasswordReset(admin.email, "http://stable.test");
  return { admin };
}

/** Every content table's rows, comparable across engines. */
export async function contentOf(db: DB) {
  const out: Record<string, string[]> = {};
  for (const table of CONTENT_TABLES) out[table] = await normalisedRows(db, table);
  return out;
}

/** Every stored file and its SHA-256. */
export async function mediaOf(store: Storage) {
  const out: Record<string, string> = {};
  for (const file of await store.list("", { limit: 100_000 })) {
    const got = await store.get(file.key);
    const hash = createHash("sha256");
    for await (const chunk of got!.stream) hash.update(chunk as Buffer);
    out[file.key] = hash.digest("hex");
  }
  return out;
}

/**
 * A victory adds its prize to its horse's total in the same transaction, so in a consistent
 * snapshot every horse's total is the sum of its victories' prizes (for horses whose name starts
 * with `namePrefix`, whose totals started at 0). Returns how many horses and victories it saw.
 */
export async function expectPrizesOnTotals(db: DB, namePrefix = "") {
  const horses = await db
    .selectFrom("horses")
    .select(["id", "total_prize_ore"])
    .where("name", "like", `${namePrefix}%`)
    .execute();
  const prizes = await db.selectFrom("winners").select(["horse_id", "prize_ore"]).execute();
  for (const horse of horses) {
    const sum = prizes.filter((w) => w.horse_id === horse.id).reduce((s, w) => s + Number(w.prize_ore), 0);
    expect(Number(horse.total_prize_ore), horse.id).toBe(sum);
  }
  return { horses: horses.length, winners: prizes.length };
}
