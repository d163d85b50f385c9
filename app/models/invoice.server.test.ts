import { describe, expect, it } from "vitest";
import { billedOwner, horseInTraining, setUpStable } from "@tests/billing";
import { createUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { runMonthlyDrafts } from "~/billing/monthly-drafts.server";
import { runAs } from "~/platform/actor.server";
import { listActivity } from "./activity.server";
import {
  addDraftLine,
  createDraft,
  deleteDraft,
  getInvoice,
  InvalidLineError,
  lineNet,
  listInvoices,
  removeDraftLine,
  setDraftNote,
  updateDraftLine,
  type LineInput,
} from "./invoice.server";

useFreshDatabase();

const line = (more: Partial<LineInput> = {}): LineInput => ({
  description: "Transport til Jägersro",
  quantity: "1",
  unit: "piece",
  unitPriceOere: 180000,
  vat: "standard",
  ...more,
});

describe("a line's net amount", () => {
  it("is quantity × share × price rounded half away from zero, exactly", () => {
    expect(lineNet("31", 3333, 45000)).toBe(464954);
    expect(lineNet("15", null, 45000)).toBe(675000);
    expect(lineNet("2.5", 5000, 3)).toBe(4);
    expect(lineNet("-1", null, 12345)).toBe(-12345);
    expect(lineNet("-1", 5000, 3)).toBe(-2);
    expect(lineNet("0.333333", 10000, 100)).toBe(33);
  });
});

describe("drafts", () => {
  it("are edited line by line by the administrator, logged, and the monthly run leaves an edited one alone", async () => {
    await setUpStable();
    const anna = await billedOwner("Anna Holm");
    await horseInTraining("Nordlys", [
      { ownerId: anna.id, hundredths: 5000 },
      { ownerId: null, hundredths: 5000 },
    ]);
    await runMonthlyDrafts({ month: "2026-01" });
    const [draft] = await listInvoices({ ownerId: anna.id });
    expect(draft!.edited).toBe(false);
    const admin = await createUser({ email: "admin@stald.dk", admin: true });
    await runAs({ userId: admin.id, email: admin.email, via: "dashboard" }, async () => {
      expect(await addDraftLine(draft!.id, line({ shareHundredths: 5000, horseName: "Nordlys" }))).toEqual({
        netOere: 90000,
      });
      const fee = draft!.lines[0]!;
      // Words only: the split amount stays as the run made it.
      expect(await updateDraftLine(fee.id, { description: "Træningspenge, januar" })).toEqual({ netOere: fee.netOere });
      expect(await updateDraftLine(fee.id, { quantity: "30" })).toEqual({ netOere: 675000 });
      await setDraftNote(draft!.id, "Tak for i år");
    });
    const edited = (await getInvoice(draft!.id))!;
    expect(edited).toMatchObject({ edited: true, note: "Tak for i år" });
    expect(edited.lines.map((l) => [l.position, l.source, l.description, l.quantity, l.netOere])).toEqual([
      [1, "fee", "Træningspenge, januar", "30", 675000],
      [2, "manual", "Transport til Jägersro", "1", 90000],
    ]);
    expect((await runMonthlyDrafts({ month: "2026-01" })).drafts.edited).toBe(1);
    expect((await getInvoice(draft!.id))!.lines).toEqual(edited.lines);

    expect(await removeDraftLine(edited.lines[1]!.id)).toEqual({ removed: true });
    expect(await removeDraftLine(edited.lines[1]!.id)).toBeNull();
    const { entries } = await listActivity({ kind: "update" });
    expect(entries.map((e) => e.summary).filter((s) => s.startsWith("Draft"))).toEqual([
      "Draft note saved: Anna Holm",
      "Draft line changed: Anna Holm, Træningspenge, januar",
      "Draft line changed: Anna Holm, Træningspenge, januar",
      "Draft line added: Anna Holm, Transport til Jägersro",
    ]);
  });

  it("of the administrator's own, for any period, with a correction line of negative quantity", async () => {
    await setUpStable();
    const anna = await billedOwner("Anna Holm");
    const made = await createDraft(anna.id, { start: "2026-03-01", end: "2026-03-31" }, { note: "Ekstra" });
    await addDraftLine(made!.id, line({ unitPriceOere: 50000 }));
    expect(
      await addDraftLine(made!.id, line({ description: "Rettelse", quantity: "-1", unitPriceOere: 10000 })),
    ).toEqual({
      netOere: -10000,
    });
    const draft = (await getInvoice(made!.id))!;
    expect(draft).toMatchObject({ runMonth: null, edited: true, language: "da", period: { start: "2026-03-01" } });
    expect(draft.lines.map((l) => l.netOere)).toEqual([50000, -10000]);
    expect(await createDraft("nobody", { start: "2026-03-01", end: "2026-03-31" })).toBeNull();
    await expect(createDraft(anna.id, { start: "2026-03-31", end: "2026-03-01" })).rejects.toThrow(InvalidLineError);
    expect(await deleteDraft(made!.id)).toEqual({ deleted: true });
    expect(await getInvoice(made!.id)).toBeNull();
    expect(await deleteDraft(made!.id)).toBeNull();
  });

  it("refuse a line without words, with no quantity, a price below zero, a share out of range, a bad period", async () => {
    await setUpStable();
    const anna = await billedOwner("Anna Holm");
    const made = await createDraft(anna.id, { start: "2026-03-01", end: "2026-03-31" });
    const refused = (more: Partial<LineInput>) =>
      addDraftLine(made!.id, line(more)).catch((e: InvalidLineError) => e.field);
    expect(await refused({ description: " " })).toBe("description");
    expect(await refused({ quantity: "0" })).toBe("quantity");
    expect(await refused({ quantity: "1,5" })).toBe("quantity");
    expect(await refused({ unitPriceOere: -1 })).toBe("unitPrice");
    expect(await refused({ shareHundredths: 0 })).toBe("share");
    expect(await refused({ period: { start: "2026-03-05", end: "2026-03-01" } })).toBe("period");
    expect(await refused({ vat: "zero" as never })).toBe("vat");
    expect((await getInvoice(made!.id))!.lines).toEqual([]);
    expect(await addDraftLine("nothing", line())).toBeNull();
  });
});
