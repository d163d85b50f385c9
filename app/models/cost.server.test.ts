import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { createOwner, testHorse } from "@tests/owners";
import { runAs } from "~/platform/actor.server";
import { listActivity } from "./activity.server";
import {
  approvalsFor,
  createCost,
  decideOnCost,
  deleteCost,
  getCost,
  InvalidCostError,
  listCosts,
  receiptFor,
  updateCost,
  type CostInput,
} from "./cost.server";
import { saveShareSet } from "./horse-share.server";
import { revokeOwner } from "./owner-account.server";

useFreshDatabase();

const RECEIPT = "private/receipts/1767225600000-0123456789ab.pdf";

async function threeHorses() {
  const horses = [await testHorse("Alfa"), await testHorse("Bravo"), await testHorse("Charlie")];
  return horses;
}

const input = (horses: { horseId: string; partOere?: number }[], more: Partial<CostInput> = {}): CostInput => ({
  date: "2026-01-20",
  category: "farrier",
  description: "Nye sko",
  amountOere: 125000,
  vat: "standard",
  passedOn: true,
  planned: false,
  horses,
  ...more,
});

describe("costs", () => {
  it("spread over several horses evenly to the øre, or in the parts given, which add up to the amount", async () => {
    const [a, b, c] = await threeHorses();
    const even = await createCost(input([{ horseId: a!.id }, { horseId: b!.id }, { horseId: c!.id }]));
    expect(even.parts.map((p) => [p.horseName, p.partOere])).toEqual([
      ["Alfa", 41667],
      ["Bravo", 41667],
      ["Charlie", 41666],
    ]);
    const given = await createCost(
      input([
        { horseId: a!.id, partOere: 100000 },
        { horseId: b!.id, partOere: 25000 },
      ]),
    );
    expect(given.parts.map((p) => p.partOere)).toEqual([100000, 25000]);
    expect((await listCosts({ start: "2026-01-01", end: "2026-01-31", horseId: c!.id })).map((x) => x.id)).toEqual([
      even.id,
    ]);
  });

  it("refuse parts that do not add up, a horse twice or not there, a bad date or amount, a public receipt address", async () => {
    const [a, b] = await threeHorses();
    const refused = (values: CostInput) => createCost(values).catch((e: InvalidCostError) => e.field);
    expect(
      await refused(
        input([
          { horseId: a!.id, partOere: 100000 },
          { horseId: b!.id, partOere: 1 },
        ]),
      ),
    ).toBe("parts");
    expect(await refused(input([{ horseId: a!.id, partOere: 125000 }, { horseId: b!.id }]))).toBe("parts");
    expect(await refused(input([{ horseId: a!.id }, { horseId: a!.id }]))).toBe("horses");
    expect(await refused(input([{ horseId: "no-horse" }]))).toBe("horses");
    expect(await refused(input([{ horseId: a!.id }], { date: "2026-02-30" }))).toBe("date");
    expect(await refused(input([{ horseId: a!.id }], { amountOere: 0 }))).toBe("amount");
    expect(await refused(input([{ horseId: a!.id }], { amountOere: 12.5 }))).toBe("amount");
    expect(await refused(input([{ horseId: a!.id }], { receiptKey: "/media/receipts/x.pdf" }))).toBe("receipt");
    expect(await refused(input([{ horseId: a!.id }], { receiptKey: "private/../secrets" }))).toBe("receipt");
    expect(await refused(input([{ horseId: a!.id }], { category: "hay" as never }))).toBe("category");
    expect(await listCosts({ start: "2000-01-01", end: "2100-01-01" })).toEqual([]);
  });

  it("change and go as a whole, answering the receipt they no longer use", async () => {
    const [a] = await threeHorses();
    const cost = await createCost(input([{ horseId: a!.id }], { receiptKey: RECEIPT }));
    const other = "private/receipts/1767225600001-0123456789ab.jpg";
    expect(await updateCost(cost.id, input([{ horseId: a!.id }], { receiptKey: other, amountOere: 1000 }))).toEqual({
      replacedReceiptKey: RECEIPT,
    });
    expect(await getCost(cost.id)).toMatchObject({ amountOere: 1000, receiptKey: other, parts: [{ partOere: 1000 }] });
    expect(await deleteCost(cost.id)).toEqual({ replacedReceiptKey: other });
    expect(await getCost(cost.id)).toBeNull();
    expect(await deleteCost(cost.id)).toBeNull();
  });
});

describe("approval of planned costs", () => {
  async function planned() {
    const [a, b] = await threeHorses();
    const anna = await createOwner({ horseIds: [a!.id], name: "Anna" });
    const bo = await createOwner({ horseIds: [b!.id], name: "Bo" });
    await saveShareSet(a!.id, "2025-01-01", [{ ownerId: anna.id, hundredths: 10000 }]);
    await saveShareSet(b!.id, "2025-01-01", [{ ownerId: bo.id, hundredths: 10000 }]);
    const cost = await createCost(input([{ horseId: a!.id }], { planned: true, receiptKey: RECEIPT }));
    return { anna, bo, cost, horses: [a!, b!] };
  }

  it("is the owner's: approved or asked about, in their name, with who and when kept", async () => {
    const { anna, cost } = await planned();
    const asAnna = <T>(fn: () => T) => runAs({ userId: anna.id, email: anna.email, via: "owners" }, fn);
    const now = new Date("2026-01-15T10:00:00Z");
    expect(
      await asAnna(() => decideOnCost(anna.id, cost.id, { state: "question", question: "Is it needed now?" }, now)),
    ).toEqual({ state: "question" });
    expect(await approvalsFor([cost.id])).toEqual([
      {
        costId: cost.id,
        ownerId: anna.id,
        ownerName: "Anna",
        state: "question",
        question: "Is it needed now?",
        decidedAt: now.toISOString(),
      },
    ]);
    await asAnna(() => decideOnCost(anna.id, cost.id, { state: "approved" }));
    expect((await approvalsFor([cost.id]))[0]).toMatchObject({ state: "approved", question: null });
    const approvals = await listActivity({ kind: "approve" });
    expect(approvals.entries.map((e) => [e.actorEmail, e.via, e.entityId])).toEqual([[anna.email, "owners", cost.id]]);
    expect((await listActivity({ kind: "question" })).entries[0]!.changes).toEqual([
      { field: "Question", old: null, new: "Is it needed now?" },
    ]);
    await expect(decideOnCost(anna.id, cost.id, { state: "question", question: "  " })).rejects.toThrow(
      InvalidCostError,
    );
  });

  it("is nobody else's: another horse's owner, a revoked owner, a cost that was not planned get no answer", async () => {
    const { anna, bo, cost, horses } = await planned();
    expect(await decideOnCost(bo.id, cost.id, { state: "approved" })).toBeNull();
    expect(await decideOnCost(anna.id, "no-cost", { state: "approved" })).toBeNull();
    const unplanned = await createCost(input([{ horseId: horses[0]!.id }]));
    expect(await decideOnCost(anna.id, unplanned.id, { state: "approved" })).toBeNull();
    await revokeOwner(anna.id);
    expect(await decideOnCost(anna.id, cost.id, { state: "approved" })).toBeNull();
    expect(await approvalsFor([cost.id, unplanned.id])).toEqual([]);
  });

  it("is asked again when what the owner pays changes", async () => {
    const { anna, cost, horses } = await planned();
    await decideOnCost(anna.id, cost.id, { state: "approved" });
    await updateCost(cost.id, input([{ horseId: horses[0]!.id }], { planned: true, description: "Other words" }));
    expect(await approvalsFor([cost.id])).toHaveLength(1);
    await updateCost(cost.id, input([{ horseId: horses[0]!.id }], { planned: true, amountOere: 200000 }));
    expect(await approvalsFor([cost.id])).toEqual([]);
  });
});

describe("a cost's receipt", () => {
  it("is for the administrators and the owners with a part of the cost on its date, nobody else", async () => {
    const [a, b] = await threeHorses();
    const anna = await createOwner({ horseIds: [a!.id] });
    const bo = await createOwner({ horseIds: [b!.id] });
    await saveShareSet(a!.id, "2025-01-01", [{ ownerId: anna.id, hundredths: 10000 }]);
    await saveShareSet(a!.id, "2026-02-01", [{ ownerId: bo.id, hundredths: 10000 }]);
    const cost = await createCost(input([{ horseId: a!.id }], { receiptKey: RECEIPT }));
    expect(await receiptFor({ id: "admin", isAdmin: true }, cost.id)).toBe(RECEIPT);
    expect(await receiptFor({ id: anna.id, isAdmin: false }, cost.id)).toBe(RECEIPT);
    // Bo owns the horse now, but had no part of it on the cost's date.
    expect(await receiptFor({ id: bo.id, isAdmin: false }, cost.id)).toBeNull();
    expect(await receiptFor(null, cost.id)).toBeNull();
    expect(await receiptFor({ id: anna.id, isAdmin: false }, "no-cost")).toBeNull();
    await revokeOwner(anna.id);
    expect(await receiptFor({ id: anna.id, isAdmin: false }, cost.id)).toBeNull();
  });
});
