import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, InvoiceKind, InvoiceLinesTable, InvoiceState, LineSource, VatKind } from "@db/schema";
import { db } from "~/platform/db.server";
import { formatDkk } from "~/racing/format";
import { recordActivity } from "./activity.server";
import { isIsoDay, WHOLE_HUNDREDTHS } from "./billing-terms";

/**
 * Invoices and credit notes with their lines: drafts the monthly run writes and the administrator
 * edits, and issued documents, which never change (decision 0281; issuing itself is
 * app/billing/issue.server.ts). Amounts are whole øre; a credit note's amounts are positive.
 */

type Q = Kysely<Database>;

export type InvoiceLine = {
  id: string;
  position: number;
  source: LineSource;
  description: string;
  horseId: string | null;
  horseName: string | null;
  period: { start: string; end: string } | null;
  /** Decimal text with a point: the whole quantity before the share (decision 0277). */
  quantity: string;
  unit: "day" | "piece";
  unitPriceOere: number;
  /** The owner's share of the line in hundredths; null: all of it. */
  shareHundredths: number | null;
  netOere: number;
  vat: VatKind;
  costPartId: string | null;
  creditsLineId: string | null;
};

export type Invoice = {
  id: string;
  kind: InvoiceKind;
  state: InvoiceState;
  ownerId: string;
  ownerName: string;
  runMonth: string | null;
  period: { start: string; end: string };
  creditedInvoiceId: string | null;
  note: string | null;
  /** The administrator changed its lines: the monthly run leaves it alone. */
  edited: boolean;
  seq: number | null;
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  language: "en" | "da" | null;
  /** JSON: the seller and the buyer as the document was issued to. */
  seller: string | null;
  buyer: string | null;
  netOere: number | null;
  vatOere: number | null;
  totalOere: number | null;
  mailId: string | null;
  issuedAt: string | null;
  issuedBy: string | null;
  createdAt: string;
  lines: InvoiceLine[];
};

/** An issued invoice or credit note: it is never changed or deleted. */
export class IssuedInvoiceError extends Error {
  constructor() {
    super("An issued invoice or credit note cannot be changed or deleted");
    this.name = "IssuedInvoiceError";
  }
}

export class InvalidLineError extends Error {
  constructor(readonly field: string) {
    super(`The line is not valid: ${field}`);
    this.name = "InvalidLineError";
  }
}

const INVOICE_COLUMNS = [
  "i.id",
  "i.kind",
  "i.state",
  "i.owner_id",
  "o.name as owner_name",
  "i.run_month",
  "i.period_start",
  "i.period_end",
  "i.credited_invoice_id",
  "i.note",
  "i.edited",
  "i.seq",
  "i.number",
  "i.issue_date",
  "i.due_date",
  "i.language",
  "i.seller",
  "i.buyer",
  "i.net_oere",
  "i.vat_oere",
  "i.total_oere",
  "i.mail_id",
  "i.issued_at",
  "i.issued_by",
  "i.created_at",
] as const;

export function selectInvoices(q: Q = db()) {
  return q
    .selectFrom("invoices as i")
    .innerJoin("owner_accounts as o", "o.user_id", "i.owner_id")
    .select(INVOICE_COLUMNS);
}

type InvoiceRow = Awaited<ReturnType<ReturnType<typeof selectInvoices>["execute"]>>[number];

const LINE_COLUMNS = [
  "id",
  "invoice_id",
  "position",
  "source",
  "description",
  "horse_id",
  "horse_name",
  "period_start",
  "period_end",
  "quantity",
  "unit",
  "unit_price_oere",
  "share_hundredths",
  "net_oere",
  "vat",
  "cost_part_id",
  "credits_line_id",
] as const;

type LineRow = Pick<Selectable<InvoiceLinesTable>, (typeof LINE_COLUMNS)[number]>;

const num = (value: number | null) => (value == null ? null : Number(value));

function toLine(r: LineRow): InvoiceLine {
  return {
    id: r.id,
    position: Number(r.position),
    source: r.source,
    description: r.description,
    horseId: r.horse_id,
    horseName: r.horse_name,
    period: r.period_start && r.period_end ? { start: r.period_start, end: r.period_end } : null,
    quantity: r.quantity,
    unit: r.unit,
    unitPriceOere: Number(r.unit_price_oere),
    shareHundredths: num(r.share_hundredths),
    netOere: Number(r.net_oere),
    vat: r.vat,
    costPartId: r.cost_part_id,
    creditsLineId: r.credits_line_id,
  };
}

function toInvoice(r: InvoiceRow, lines: InvoiceLine[]): Invoice {
  return {
    id: r.id,
    kind: r.kind,
    state: r.state,
    ownerId: r.owner_id,
    ownerName: r.owner_name,
    runMonth: r.run_month,
    period: { start: r.period_start, end: r.period_end },
    creditedInvoiceId: r.credited_invoice_id,
    note: r.note,
    edited: Number(r.edited) === 1,
    seq: num(r.seq),
    number: r.number,
    issueDate: r.issue_date,
    dueDate: r.due_date,
    language: r.language,
    seller: r.seller,
    buyer: r.buyer,
    netOere: num(r.net_oere),
    vatOere: num(r.vat_oere),
    totalOere: num(r.total_oere),
    mailId: r.mail_id,
    issuedAt: r.issued_at,
    issuedBy: r.issued_by,
    createdAt: r.created_at,
    lines,
  };
}

/** The lines of the invoices given, by invoice, in their order. */
export async function linesOf(invoiceIds: readonly string[], q: Q = db()): Promise<Map<string, InvoiceLine[]>> {
  const out = new Map<string, InvoiceLine[]>(invoiceIds.map((id) => [id, []]));
  for (let i = 0; i < invoiceIds.length; i += 500) {
    const rows = await q
      .selectFrom("invoice_lines")
      .select(LINE_COLUMNS)
      .where("invoice_id", "in", invoiceIds.slice(i, i + 500))
      .orderBy("invoice_id")
      .orderBy("position")
      .orderBy("id")
      .execute();
    for (const r of rows) out.get(r.invoice_id)?.push(toLine(r));
  }
  return out;
}

export async function getInvoice(id: string, q: Q = db()): Promise<Invoice | null> {
  const row = await selectInvoices(q).where("i.id", "=", id).executeTakeFirst();
  if (!row) return null;
  return toInvoice(row, (await linesOf([id], q)).get(id)!);
}

/** An issued invoice or credit note by its number (the series is one: a number names one document). */
export async function getIssuedByNumber(number: string, q: Q = db()): Promise<Invoice | null> {
  const row = await q
    .selectFrom("invoices")
    .select("id")
    .where("number", "=", number)
    .where("state", "=", "issued")
    .executeTakeFirst();
  return row ? getInvoice(row.id, q) : null;
}

export type InvoiceFilter = {
  state?: InvoiceState;
  kind?: InvoiceKind;
  ownerId?: string;
  runMonth?: string;
  /** Issued on or after / on or before (issue dates). */
  issuedFrom?: string;
  issuedTo?: string;
  /** Whose period overlaps the days from / to (both included). */
  periodFrom?: string;
  periodTo?: string;
};

/** Invoices and credit notes with their lines: issued ones by number, drafts by owner. */
export async function listInvoices(filter: InvoiceFilter = {}, q: Q = db()): Promise<Invoice[]> {
  const rows = await selectInvoices(q)
    .$if(!!filter.state, (qb) => qb.where("i.state", "=", filter.state!))
    .$if(!!filter.kind, (qb) => qb.where("i.kind", "=", filter.kind!))
    .$if(!!filter.ownerId, (qb) => qb.where("i.owner_id", "=", filter.ownerId!))
    .$if(!!filter.runMonth, (qb) => qb.where("i.run_month", "=", filter.runMonth!))
    .$if(!!filter.issuedFrom, (qb) => qb.where("i.issue_date", ">=", filter.issuedFrom!))
    .$if(!!filter.issuedTo, (qb) => qb.where("i.issue_date", "<=", filter.issuedTo!))
    .$if(!!filter.periodFrom, (qb) => qb.where("i.period_end", ">=", filter.periodFrom!))
    .$if(!!filter.periodTo, (qb) => qb.where("i.period_start", "<=", filter.periodTo!))
    .orderBy("i.seq")
    .orderBy("o.name")
    .orderBy("i.created_at")
    .orderBy("i.id")
    .execute();
  const lines = await linesOf(
    rows.map((r) => r.id),
    q,
  );
  return rows.map((r) => toInvoice(r, lines.get(r.id)!));
}

/** A line as it is written into a draft. */
export type NewLine = Omit<InvoiceLine, "id" | "position" | "creditsLineId"> & { creditsLineId?: string | null };

/** What a draft's line says, as its columns: written when it is made and when it is changed. */
function lineColumns(line: Omit<NewLine, "source" | "costPartId">) {
  return {
    description: line.description,
    horse_id: line.horseId,
    horse_name: line.horseName,
    period_start: line.period?.start ?? null,
    period_end: line.period?.end ?? null,
    quantity: line.quantity,
    unit: line.unit,
    unit_price_oere: line.unitPriceOere,
    share_hundredths: line.shareHundredths,
    net_oere: line.netOere,
    vat: line.vat,
  };
}

function lineRow(invoiceId: string, position: number, line: NewLine) {
  return {
    id: crypto.randomUUID(),
    invoice_id: invoiceId,
    position,
    source: line.source,
    ...lineColumns(line),
    cost_part_id: line.costPartId,
    credits_line_id: line.creditsLineId ?? null,
  };
}

export async function insertLines(trx: Q, invoiceId: string, lines: readonly NewLine[], firstPosition = 1) {
  for (let i = 0; i < lines.length; i += 200) {
    await trx
      .insertInto("invoice_lines")
      .values(lines.slice(i, i + 200).map((line, k) => lineRow(invoiceId, firstPosition + i + k, line)))
      .execute();
  }
}

/** What the run compares to tell a refreshed draft from an unchanged one. */
const lineKey = (l: NewLine | InvoiceLine) =>
  JSON.stringify([
    l.source,
    l.description,
    l.horseId,
    l.horseName,
    l.period?.start ?? null,
    l.period?.end ?? null,
    l.quantity,
    l.unit,
    l.unitPriceOere,
    l.shareHundredths,
    l.netOere,
    l.vat,
    l.costPartId,
  ]);

export type RunDraftOutcome = "created" | "refreshed" | "unchanged" | "removed" | "issued" | "edited" | "empty";

/**
 * Writes the monthly run's draft for one owner and month, in the caller's transaction: a new draft,
 * the same one with its lines replaced, or (no lines left) none. An issued invoice for the month, or
 * a draft the administrator edited, is left as it is.
 */
export async function writeRunDraft(
  trx: Transaction<Database>,
  draft: {
    ownerId: string;
    month: string;
    period: { start: string; end: string };
    language: "en" | "da";
    lines: NewLine[];
  },
  now: Date,
): Promise<RunDraftOutcome> {
  const existing = await trx
    .selectFrom("invoices")
    .select(["id", "state", "edited"])
    .where("owner_id", "=", draft.ownerId)
    .where("run_month", "=", draft.month)
    .executeTakeFirst();
  if (existing?.state === "issued") return "issued";
  if (existing && Number(existing.edited) === 1) return "edited";
  if (!existing) {
    if (draft.lines.length === 0) return "empty";
    const id = crypto.randomUUID();
    await trx
      .insertInto("invoices")
      .values({
        id,
        kind: "invoice",
        state: "draft",
        owner_id: draft.ownerId,
        run_month: draft.month,
        period_start: draft.period.start,
        period_end: draft.period.end,
        language: draft.language,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    await insertLines(trx, id, draft.lines);
    return "created";
  }
  if (draft.lines.length === 0) {
    await trx.deleteFrom("invoices").where("id", "=", existing.id).execute();
    return "removed";
  }
  const current = (await linesOf([existing.id], trx)).get(existing.id)!;
  if (current.map(lineKey).join("\n") === draft.lines.map(lineKey).join("\n")) return "unchanged";
  await trx.deleteFrom("invoice_lines").where("invoice_id", "=", existing.id).execute();
  await insertLines(trx, existing.id, draft.lines);
  await trx
    .updateTable("invoices")
    .set({ language: draft.language, updated_at: now.toISOString() })
    .where("id", "=", existing.id)
    .execute();
  return "refreshed";
}

/**
 * The cost parts already on an invoice (issued or draft) of the owner named with them: each
 * `${partId}:${ownerId}` with that invoice's id, so a run can leave out the drafts it refreshes.
 */
export async function billedCostParts(partIds: readonly string[], q: Q = db()) {
  const billed = new Map<string, string>();
  for (let i = 0; i < partIds.length; i += 500) {
    const rows = await q
      .selectFrom("invoice_lines as l")
      .innerJoin("invoices as i", "i.id", "l.invoice_id")
      .select(["l.cost_part_id", "i.owner_id", "i.id", "i.kind"])
      .where("l.cost_part_id", "in", partIds.slice(i, i + 500))
      .where("i.kind", "=", "invoice")
      .execute();
    for (const r of rows) billed.set(`${r.cost_part_id}:${r.owner_id}`, r.id);
  }
  return billed;
}

async function draftOf(trx: Q, invoiceId: string) {
  const row = await trx
    .selectFrom("invoices as i")
    .innerJoin("owner_accounts as o", "o.user_id", "i.owner_id")
    .select(["i.id", "i.state", "i.kind", "o.name"])
    .where("i.id", "=", invoiceId)
    .executeTakeFirst();
  if (row?.state === "issued") throw new IssuedInvoiceError();
  return row ?? null;
}

const DECIMAL = /^-?\d{1,9}(\.\d{1,6})?$/;

/** quantity × share × price, rounded half away from zero to the øre (a typed line's net amount). */
export function lineNet(quantity: string, shareHundredths: number | null, unitPriceOere: number) {
  const [whole, fraction = ""] = quantity.split(".");
  const digits = BigInt(`${whole}${fraction}`);
  const scale = 10n ** BigInt(fraction.length) * BigInt(WHOLE_HUNDREDTHS);
  const exact = digits * BigInt(shareHundredths ?? WHOLE_HUNDREDTHS) * BigInt(unitPriceOere);
  const abs = exact < 0n ? -exact : exact;
  const rounded = (abs * 2n + scale) / (2n * scale);
  return Number(exact < 0n ? -rounded : rounded);
}

/** A line the administrator types into a draft (its net amount follows from quantity, share and price). */
export type LineInput = {
  description: string;
  horseId?: string | null;
  horseName?: string | null;
  period?: { start: string; end: string } | null;
  quantity: string;
  unit: "day" | "piece";
  unitPriceOere: number;
  shareHundredths?: number | null;
  vat: VatKind;
};

function validLine(line: LineInput): NewLine {
  if (!line.description.trim() || line.description.length > 500) throw new InvalidLineError("description");
  if (!DECIMAL.test(line.quantity) || /^-?0+(\.0+)?$/.test(line.quantity)) throw new InvalidLineError("quantity");
  if (line.unit !== "day" && line.unit !== "piece") throw new InvalidLineError("unit");
  if (!Number.isSafeInteger(line.unitPriceOere) || line.unitPriceOere < 0) throw new InvalidLineError("unitPrice");
  const share = line.shareHundredths ?? null;
  if (share !== null && (!Number.isInteger(share) || share < 1 || share > WHOLE_HUNDREDTHS)) {
    throw new InvalidLineError("share");
  }
  if (line.vat !== "standard" && line.vat !== "outlay") throw new InvalidLineError("vat");
  const period = line.period ?? null;
  if (period && (!isIsoDay(period.start) || !isIsoDay(period.end) || period.start > period.end)) {
    throw new InvalidLineError("period");
  }
  return {
    source: "manual",
    description: line.description.trim(),
    horseId: line.horseId ?? null,
    horseName: line.horseName ?? null,
    period,
    quantity: line.quantity,
    unit: line.unit,
    unitPriceOere: line.unitPriceOere,
    shareHundredths: share === WHOLE_HUNDREDTHS ? null : share,
    netOere: lineNet(line.quantity, share, line.unitPriceOere),
    vat: line.vat,
    costPartId: null,
  };
}

async function touchDraft(trx: Q, invoiceId: string, now: Date) {
  await trx
    .updateTable("invoices")
    .set({ edited: 1, updated_at: now.toISOString() })
    .where("id", "=", invoiceId)
    .execute();
}

/** A draft invoice of the administrator's own for an owner and a period (no monthly run's). Null: no such owner. */
export async function createDraft(
  ownerId: string,
  period: { start: string; end: string },
  { note = null, now = new Date() }: { note?: string | null; now?: Date } = {},
): Promise<{ id: string } | null> {
  if (!isIsoDay(period.start) || !isIsoDay(period.end) || period.start > period.end) {
    throw new InvalidLineError("period");
  }
  return db()
    .transaction()
    .execute(async (trx) => {
      const owner = await trx
        .selectFrom("owner_accounts")
        .select(["name", "language"])
        .where("user_id", "=", ownerId)
        .where("role", "=", "owner")
        .executeTakeFirst();
      if (!owner) return null;
      const id = crypto.randomUUID();
      await trx
        .insertInto("invoices")
        .values({
          id,
          kind: "invoice",
          state: "draft",
          owner_id: ownerId,
          period_start: period.start,
          period_end: period.end,
          note: note?.trim() || null,
          language: owner.language,
          edited: 1,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .execute();
      await recordActivity(
        { kind: "create", entity: "invoice", entityId: id, summary: `Draft invoice added: ${owner.name}` },
        { trx },
      );
      return { id };
    });
}

/** Adds a line to a draft (IssuedInvoiceError for an issued one), logged. Null: no such invoice. */
export async function addDraftLine(invoiceId: string, input: LineInput, now = new Date()) {
  const line = validLine(input);
  return db()
    .transaction()
    .execute(async (trx) => {
      const draft = await draftOf(trx, invoiceId);
      if (!draft) return null;
      const top = await trx
        .selectFrom("invoice_lines")
        .select((eb) => eb.fn.max("position").as("top"))
        .where("invoice_id", "=", invoiceId)
        .executeTakeFirst();
      await insertLines(trx, invoiceId, [line], Number(top?.top ?? 0) + 1);
      await touchDraft(trx, invoiceId, now);
      await recordActivity(
        {
          kind: "update",
          entity: "invoice",
          entityId: invoiceId,
          summary: `Draft line added: ${draft.name}, ${line.description}`,
        },
        { trx },
      );
      return { netOere: line.netOere };
    });
}

async function lineWithDraft(trx: Q, lineId: string) {
  const row = await trx.selectFrom("invoice_lines").select(LINE_COLUMNS).where("id", "=", lineId).executeTakeFirst();
  if (!row) return null;
  const draft = await draftOf(trx, row.invoice_id);
  return draft ? { line: toLine(row), invoiceId: row.invoice_id, draft } : null;
}

/**
 * Changes a draft's line; the net amount follows quantity, share and price when one of them
 * changed, and is kept otherwise (a split part, decision 0283). Null: no such line.
 */
export async function updateDraftLine(lineId: string, changes: Partial<LineInput>, now = new Date()) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const found = await lineWithDraft(trx, lineId);
      if (!found) return null;
      const { line } = found;
      const merged = validLine({
        description: changes.description ?? line.description,
        horseId: changes.horseId === undefined ? line.horseId : changes.horseId,
        horseName: changes.horseName === undefined ? line.horseName : changes.horseName,
        period: changes.period === undefined ? line.period : changes.period,
        quantity: changes.quantity ?? line.quantity,
        unit: changes.unit ?? line.unit,
        unitPriceOere: changes.unitPriceOere ?? line.unitPriceOere,
        shareHundredths: changes.shareHundredths === undefined ? line.shareHundredths : changes.shareHundredths,
        vat: changes.vat ?? line.vat,
      });
      const priced =
        merged.quantity !== line.quantity ||
        merged.unitPriceOere !== line.unitPriceOere ||
        merged.shareHundredths !== line.shareHundredths;
      const netOere = priced ? merged.netOere : line.netOere;
      await trx
        .updateTable("invoice_lines")
        .set(lineColumns({ ...merged, netOere }))
        .where("id", "=", lineId)
        .execute();
      await touchDraft(trx, found.invoiceId, now);
      await recordActivity(
        {
          kind: "update",
          entity: "invoice",
          entityId: found.invoiceId,
          summary: `Draft line changed: ${found.draft.name}, ${merged.description}`,
          changes:
            netOere === line.netOere
              ? []
              : [{ field: "Amount", old: formatDkk(line.netOere), new: formatDkk(netOere) }],
        },
        { trx },
      );
      return { netOere };
    });
}

/** The invoice a line is on; null: no such line. */
export async function invoiceIdOfLine(lineId: string, q: Q = db()) {
  const row = await q.selectFrom("invoice_lines").select("invoice_id").where("id", "=", lineId).executeTakeFirst();
  return row?.invoice_id ?? null;
}

/** Removes a draft's line, logged. Null: no such line. */
export async function removeDraftLine(lineId: string, now = new Date()) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const found = await lineWithDraft(trx, lineId);
      if (!found) return null;
      await trx.deleteFrom("invoice_lines").where("id", "=", lineId).execute();
      await touchDraft(trx, found.invoiceId, now);
      await recordActivity(
        {
          kind: "update",
          entity: "invoice",
          entityId: found.invoiceId,
          summary: `Draft line removed: ${found.draft.name}, ${found.line.description}`,
        },
        { trx },
      );
      return { removed: true };
    });
}

/** Deletes a draft with its lines (never an issued invoice), logged; the next run makes it again. Null: none. */
export async function deleteDraft(invoiceId: string) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const draft = await draftOf(trx, invoiceId);
      if (!draft) return null;
      await trx.deleteFrom("invoices").where("id", "=", invoiceId).execute();
      await recordActivity(
        { kind: "delete", entity: "invoice", entityId: invoiceId, summary: `Draft invoice deleted: ${draft.name}` },
        { trx },
      );
      return { deleted: true };
    });
}

/** Sets a draft's note (shown on the documents), logged. Null: no such draft. */
export async function setDraftNote(invoiceId: string, note: string | null, now = new Date()) {
  const text = note?.trim().slice(0, 1000) || null;
  return db()
    .transaction()
    .execute(async (trx) => {
      const draft = await draftOf(trx, invoiceId);
      if (!draft) return null;
      await trx
        .updateTable("invoices")
        .set({ note: text, updated_at: now.toISOString() })
        .where("id", "=", invoiceId)
        .execute();
      await recordActivity(
        { kind: "update", entity: "invoice", entityId: invoiceId, summary: `Draft note saved: ${draft.name}` },
        { trx },
      );
      return { note: text };
    });
}
