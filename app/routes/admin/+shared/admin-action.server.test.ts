/**
 * The admin action's steps at their one place, with intents no tab has yet: several images, no
 * record id, a refusal before any image is stored, a write that fails or finds nothing. What each
 * tab does with them is in the tab's own test (app/routes/admin/<tab>.test.ts), and the faults any
 * tab's form meets are in ./admin-faults.test.ts.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { storedFilesOf, storeImage, type StoredImage } from "~/media/images.server";
import { mediaStorage } from "~/media/media-storage.server";
import { currentActor } from "~/platform/actor.server";
import { db } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { answerOf } from "@tests/action-answers";
import { buildRequest, signedInUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { plainJpeg, solid } from "@tests/images";
import { adminAction, intent, Refused, toTrash, type AdminActionData, type AdminIntent } from "./admin-action.server";

useFreshDatabase();

const TAB = "/admin/example";
let cookie = "";
let admin = { id: "", email: "" };
beforeEach(async () => {
  const signedIn = await signedInUser({ admin: true });
  cookie = signedIn.cookie;
  admin = signedIn.user;
});

async function post(
  intents: Record<string, AdminIntent>,
  fields: Record<string, string>,
  files: Record<string, File> = {},
) {
  const action = adminAction({ tab: TAB, intents, otherFailure: "team.updateFailed", withoutIntent: "save" });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) form.append(name, file);
  const request = buildRequest(TAB, { cookie, form });
  return answerOf<AdminActionData>(() => action({ request }));
}

const png = async (name = "p.png") =>
  new File([new Uint8Array(await solid(120, 80).png().toBuffer())], name, { type: "image/png" });
const notAnImage = () => new File(["hello"], "x.jpg", { type: "image/jpeg" });

async function stored(url: string | undefined) {
  const keys = await storedFilesOf(url);
  return keys.length > 0 && (await Promise.all(keys.map((k) => mediaStorage().exists(k)))).every(Boolean);
}

/** What the horse-images bucket holds (the tests of this file share it). */
const coverFiles = async () => (await mediaStorage().list("horse-images/", { limit: 1000 })).map((f) => f.key).sort();

async function anImage() {
  const source = path.join(env().dataDir, "admin-action-source.jpg");
  await fsp.writeFile(source, await plainJpeg(200, 150));
  return storeImage("team-photos", { path: source });
}

const titled = z.object({ title: z.string().trim().min(1, "Title is required") });
const IMAGES = { cover: { bucket: "horse-images" }, portrait: { bucket: "team-photos" } } as const;

/** An intent with two images whose write records what it got and answers `answer(images)`. */
function twoImages(answer: (images: Record<"cover" | "portrait", StoredImage | null>) => Promise<unknown>) {
  const got: { images?: Record<"cover" | "portrait", StoredImage | null>; actor?: unknown } = {};
  const declared = intent({
    schema: titled,
    failure: "horses.updateFailed",
    images: IMAGES,
    write: async ({ images }) => {
      got.images = images;
      got.actor = currentActor();
      return answer(images);
    },
    success: (_, { data }) => ({
      title: { shown: "Example Saved" },
      description: { shown: `${data.title} has been saved.` },
    }),
  });
  return { declared, got };
}

describe("adminAction", () => {
  it("stores each chosen image, hands them to the write and removes what the write replaced once it committed", async () => {
    const old = await anImage();
    const { declared, got } = twoImages(async () => ({ replacedImageUrls: [old.url, null] }));
    const answer = await post({ save: declared }, { intent: "save", title: "Spring" }, { cover: await png() });
    expect(answer).toMatchObject({
      status: 302,
      location: TAB,
      toast: { type: "success", title: "Example Saved", description: "Spring has been saved." },
    });
    expect(got.images!.cover!.url).toMatch(/^\/media\/horse-images\//);
    expect(got.images!.portrait).toBeNull();
    expect(await stored(got.images!.cover!.url)).toBe(true);
    expect(await stored(old.url)).toBe(false);
    // The write ran in the administrator's name (activity log, trash).
    // The site's address the request came to goes with it, for links in mail the write queues.
    expect(got.actor).toEqual({ userId: admin.id, email: admin.email, via: "dashboard", origin: "http://localhost" });
  });

  it("removes every image it stored when one is refused, the write fails or finds nothing", async () => {
    const before = await coverFiles();
    const refused = twoImages(async () => ({}));
    const bad = await post(
      { save: refused.declared },
      { intent: "save", title: "Spring" },
      { cover: await png(), portrait: notAnImage() },
    );
    expect(bad.status).toBe(400);
    expect(bad.data!.errors!.portrait).toContain("not an image");
    expect(bad.data!.values.title).toBe("Spring");
    expect(refused.got.images).toBeUndefined();
    expect(await coverFiles()).toEqual(before);

    const failing = twoImages(async () => {
      throw new Error("constraint failed");
    });
    const failed = await post({ save: failing.declared }, { intent: "save", title: "Spring" }, { cover: await png() });
    expect(failed).toMatchObject({ status: 500, toast: { type: "error", description: "Failed to update horse" } });
    expect(await stored(failing.got.images!.cover!.url)).toBe(false);

    const nothing = twoImages(async () => null);
    const missing = await post({ save: nothing.declared }, { intent: "save", title: "Spring" }, { cover: await png() });
    expect(missing).toMatchObject({ status: 404, toast: { description: "Failed to update horse" } });
    expect(await stored(nothing.got.images!.cover!.url)).toBe(false);
  });

  it("answers bad input, a refusal and a fault without writing, and a skip with nothing at all", async () => {
    const before = await coverFiles();
    const write = vi.fn(async () => ({}));
    const checked = intent({
      schema: titled,
      failure: "horses.updateFailed",
      invalidToast: (errors) => errors.title,
      skip: (data) => data.title === "nothing",
      prepare: async ({ title }) => {
        if (title === "taken") throw new Refused({ errors: { title: { shown: "That title is taken" } } });
        if (title === "down") throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
        return { title };
      },
      images: IMAGES,
      write,
      success: { title: { shown: "Example Saved" } },
    });
    const intents = { save: checked };
    const blank = await post(intents, { intent: "save", title: " " }, { cover: await png() });
    expect(blank).toMatchObject({ status: 400, toast: { description: "Title is required" } });
    expect(blank.data!.errors).toEqual({ title: "Title is required" });
    const taken = await post(intents, { intent: "save", title: "taken" }, { cover: await png() });
    expect(taken).toMatchObject({ status: 400, data: { errors: { title: "That title is taken" } } });
    const down = await post(intents, { intent: "save", title: "down" });
    expect(down).toMatchObject({
      status: 507,
      toast: { description: expect.stringMatching(/^Failed to update horse\. The server's disk is full/) },
    });
    expect(await post(intents, { intent: "save", title: "nothing" })).toMatchObject({
      status: 200,
      toast: null,
      data: { intent: "save", values: { title: "nothing" } },
    });
    expect(write).not.toHaveBeenCalled();
    expect(await coverFiles()).toEqual(before);
  });

  it("takes a form without an intent as the tab's single form, refuses an unknown one and offers Undo after a delete", async () => {
    const write = vi.fn(async ({ data }: { data: { title: string } }) => data);
    const intents = {
      save: intent({
        schema: titled,
        failure: "horses.updateFailed",
        write,
        success: { title: { shown: "Example Saved" } },
      }),
      delete: toTrash(async (id) => (id === "e1" ? { trashId: "t1" } : null), "horses.deleteFailed"),
    };
    expect(await post(intents, { title: "No intent" })).toMatchObject({
      status: 302,
      toast: { title: "Example Saved" },
    });
    expect(write).toHaveBeenCalledTimes(1);
    expect(await post(intents, { intent: "rename", title: "x" })).toMatchObject({
      status: 400,
      toast: { description: "Failed to update team member" },
      data: { intent: "rename" },
    });
    expect(await post(intents, { intent: "delete", id: "e1" })).toMatchObject({
      status: 302,
      location: TAB,
      toast: { title: "Item Deleted", undo: { trashId: "t1", returnTo: TAB, label: "Undo" } },
    });
    expect(await post(intents, { intent: "delete", id: "e2" })).toMatchObject({
      status: 404,
      toast: { description: "Failed to delete horse" },
    });
  });

  it("opens the tab at the record saved, answers a form sent in place with data, and speaks the administrator's language", async () => {
    const saved = intent({
      schema: titled,
      failure: "horses.updateFailed",
      write: async () => ({ id: "r1" }),
      success: (record) => ({ title: "horses.updated", show: record.id, slot: "order" }),
    });
    const intents = { save: saved };
    expect(await post(intents, { intent: "save", title: "Spring" })).toMatchObject({
      status: 302,
      location: "/admin/example?saved=r1#item-r1",
      toast: { title: "Horse Updated", slot: "order" },
    });
    const inPlace = await post(intents, { intent: "save", title: "Spring", _inPlace: "1" });
    expect(inPlace).toMatchObject({
      status: 200,
      location: null,
      toast: { type: "success", title: "Horse Updated", slot: "order" },
    });

    await db().updateTable("users").set({ admin_language: "da" }).where("id", "=", admin.id).execute();
    expect(await post(intents, { intent: "save", title: "Spring" })).toMatchObject({
      toast: { title: "Hest opdateret" },
    });
    const required = intent({
      schema: z.object({ name: z.string().trim().min(1, "horses.nameRequired").max(5, "form.tooLong") }),
      failure: "horses.updateFailed",
      write: async () => {
        throw new Error("constraint failed");
      },
      success: { title: "horses.updated" },
    });
    const refused = await post({ save: required }, { intent: "save", name: "" });
    expect(refused.data!.errors).toEqual({ name: "Skriv hestens navn" });
    const tooLong = await post({ save: required }, { intent: "save", name: "Kongens Ære" });
    expect(tooLong.data!.errors).toEqual({ name: "Må højst være på 5 tegn" });
    const deleted = await post(
      { delete: toTrash(async () => ({ trashId: "t1" }), "horses.deleteFailed") },
      {
        intent: "delete",
        id: "e1",
      },
    );
    expect(deleted).toMatchObject({ toast: { title: "Slettet", undo: { label: "Fortryd" } } });
    const failed = await post({ save: required }, { intent: "save", name: "Ære" });
    expect(failed).toMatchObject({ status: 500, toast: { title: "Fejl", description: "Hesten kunne ikke opdateres" } });
  });
});
