import { z } from "zod";
import type { AdminKey } from "~/i18n/admin/dictionary";
import {
  ownerDetailsProblems,
  stableDetailsProblems,
  type OwnerBillingInput,
  type StableBillingInput,
} from "~/models/billing-details";
import {
  COST_CATEGORIES,
  FEE_STATUSES,
  HORSE_STATUSES,
  isIsoDay,
  parseSharePercent,
  VAT_KINDS,
} from "~/models/billing-terms";
import { moneyAmount, readMoneyText } from "~/racing/money-schema";

/**
 * The billing setup's forms, one schema each (the page checks with it before sending, the action
 * really): the stable's invoicing details, an owner's billing details, day rates, a horse's status,
 * own rate and shares, and a cost. The details' rules are the models' own (billing-details.ts), so
 * the form says exactly what an invoice would refuse.
 */

const text = (max = 200) => z.string().trim().max(max, "form.tooLong").default("");

/** A field the model named, with its message. */
function problemsOn(ctx: z.RefinementCtx, fields: string[], message: (field: string) => AdminKey) {
  for (const field of fields) ctx.addIssue({ code: "custom", path: [field], message: message(field) });
}

const days = (v: string) => (/^\d{1,3}$/.test(v) ? Number(v) : Number.NaN);
const compact = (v: string) => v.replace(/\s+/g, "");

const STABLE_FIELDS = new Set([
  "legalName",
  "street",
  "postalCode",
  "city",
  "countryCode",
  "cvr",
  "regNo",
  "accountNo",
  "iban",
  "bic",
  "invoiceEmail",
  "paymentTermsDays",
  "reminderDays",
]);

/** Site tab, Invoicing Details: the stable as the seller on every invoice. */
export const stableDetailsSchema = z
  .object({
    legalName: text(),
    street: text(),
    postalCode: text(20),
    city: text(100),
    countryCode: text(20).transform((v) => v.toUpperCase() || "DK"),
    cvr: text(20).transform(compact),
    regNo: text(10).transform(compact),
    accountNo: text(20).transform(compact),
    iban: text(40).transform((v) => compact(v).toUpperCase()),
    bic: text(20).transform((v) => compact(v).toUpperCase()),
    paymentTermsDays: text(10),
    reminderDays: text(10),
    invoiceEmail: text(255),
  })
  .transform((f): StableBillingInput => ({
    legalName: f.legalName,
    address: { street: f.street, postalCode: f.postalCode, city: f.city, countryCode: f.countryCode },
    cvr: f.cvr,
    bank: { regNo: f.regNo, accountNo: f.accountNo, iban: f.iban || null, bic: f.bic || null },
    invoiceEmail: f.invoiceEmail,
    paymentTermsDays: days(f.paymentTermsDays),
    reminderDays: f.reminderDays === "" ? null : days(f.reminderDays),
  }))
  .superRefine((input, ctx) =>
    problemsOn(ctx, stableDetailsProblems(input), (field) =>
      STABLE_FIELDS.has(field) ? (`invoicing.${field}Invalid` as AdminKey) : "invoicing.failed",
    ),
  );

const OWNER_MESSAGES: Record<string, AdminKey> = {
  street: "invoicing.streetInvalid",
  postalCode: "invoicing.postalCodeInvalid",
  city: "invoicing.cityInvalid",
  countryCode: "invoicing.countryCodeInvalid",
  cvr: "ownerBilling.cvrInvalid",
  name: "ownerBilling.nameInvalid",
  email: "ownerBilling.emailInvalid",
};

/** Owners tab, Billing Details: who an owner's invoices are made out to, and in which language. */
export const ownerBillingSchema = z
  .object({
    id: z.string().min(1),
    kind: z.enum(["person", "company"], { error: "ownerBilling.kindInvalid" }),
    name: text(),
    street: text(),
    postalCode: text(20),
    city: text(100),
    countryCode: text(20).transform((v) => v.toUpperCase() || "DK"),
    cvr: text(20).transform(compact),
    email: text(255),
    language: z.enum(["en", "da"], { error: "owners.languageInvalid" }),
  })
  .transform((f): OwnerBillingInput & { id: string } => ({
    id: f.id,
    kind: f.kind,
    name: f.name || null,
    address: { street: f.street, postalCode: f.postalCode, city: f.city, countryCode: f.countryCode },
    cvr: f.cvr || null,
    email: f.email || null,
    language: f.language,
  }))
  .superRefine((input, ctx) =>
    problemsOn(ctx, ownerDetailsProblems(input), (field) => OWNER_MESSAGES[field] ?? "ownerBilling.failed"),
  );

const day = (message: AdminKey) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isIsoDay(v), message);

const rate = moneyAmount<AdminKey>({ invalid: "feesShares.rateInvalid", tooLarge: "feesShares.rateTooLarge" });

/** Day Rates: one per status with a fee; an empty field leaves that rate as it is. */
export const dayRatesSchema = z
  .object(Object.fromEntries(FEE_STATUSES.map((s) => [s, rate])) as Record<(typeof FEE_STATUSES)[number], typeof rate>)
  .transform(
    (rates) =>
      Object.fromEntries(Object.entries(rates).filter(([, v]) => v !== null)) as Partial<
        Record<(typeof FEE_STATUSES)[number], number>
      >,
  );

const horseId = z.string().trim().min(1, "feesShares.unknownHorse").max(100);

/** A horse's status from a date. */
export const horseStatusSchema = z.object({
  horseId,
  validFrom: day("feesShares.dateInvalid"),
  status: z.enum(HORSE_STATUSES, { error: "feesShares.statusInvalid" }),
});

/** A status change or a set of parts to remove: the horse and the date. */
export const horseDateSchema = z.object({ horseId, validFrom: day("feesShares.dateInvalid") });

/** A horse's own rate at a status from a date; an empty amount: the standard rate again. */
export const horseRateSchema = z.object({
  horseId,
  validFrom: day("feesShares.dateInvalid"),
  status: z.enum(FEE_STATUSES, { error: "feesShares.feeStatusInvalid" }),
  rate,
});

/** How many owners' rows the shares form has (besides the stable's own part). */
export const SHARE_ROWS = 8;
export const STABLE_PART = "stablePart";

const PERCENT = "feesShares.percentInvalid" satisfies AdminKey;

/** Shares from a date: up to SHARE_ROWS owners with their percentage, and the stable's own part. */
export const horseSharesSchema = z
  .object({ horseId, validFrom: day("feesShares.dateInvalid") })
  .catchall(z.string())
  .superRefine((form, ctx) => {
    const values = form as Record<string, unknown>;
    const textOf = (name: string) => (typeof values[name] === "string" ? (values[name] as string).trim() : "");
    const seen = new Set<string>();
    let parts = 0;
    for (let n = 1; n <= SHARE_ROWS; n++) {
      const owner = textOf(`owner${n}`);
      const percent = textOf(`share${n}`);
      if (!owner && !percent) continue;
      if (!owner) ctx.addIssue({ code: "custom", path: [`owner${n}`], message: "feesShares.percentWithoutOwner" });
      else if (seen.has(owner)) ctx.addIssue({ code: "custom", path: [`owner${n}`], message: "feesShares.ownerTwice" });
      seen.add(owner);
      const value = parseSharePercent(percent);
      if (value === null || value < 1) ctx.addIssue({ code: "custom", path: [`share${n}`], message: PERCENT });
      parts++;
    }
    const stable = textOf(STABLE_PART);
    if (stable) {
      const value = parseSharePercent(stable);
      if (value === null || value < 1) ctx.addIssue({ code: "custom", path: [STABLE_PART], message: PERCENT });
      parts++;
    }
    if (parts === 0) ctx.addIssue({ code: "custom", path: ["share1"], message: "feesShares.noParts" });
  })
  .transform((form) => {
    const values = form as Record<string, string | undefined>;
    const textOf = (name: string) => (values[name] ?? "").trim();
    const parts: { ownerId: string | null; hundredths: number }[] = [];
    for (let n = 1; n <= SHARE_ROWS; n++) {
      const owner = textOf(`owner${n}`);
      if (owner) parts.push({ ownerId: owner, hundredths: parseSharePercent(textOf(`share${n}`)) ?? 0 });
    }
    const stable = textOf(STABLE_PART);
    if (stable) parts.push({ ownerId: null, hundredths: parseSharePercent(stable) ?? 0 });
    return { horseId: form.horseId, validFrom: form.validFrom, parts };
  });

/** A cost's horse checkbox is named by the horse's id, as an owner's and a post's are. */
export const COST_HORSE_FIELD = "horse:";

/** A horse's own part of a cost, typed beside its checkbox (all or none of the horses chosen). */
export const COST_PART_FIELD = "part:";

const costHorseIds = (form: Record<string, unknown>) =>
  Object.keys(form)
    .filter((k) => k.startsWith(COST_HORSE_FIELD) && form[k] !== undefined)
    .map((k) => k.slice(COST_HORSE_FIELD.length));

/** The parts typed for the horses chosen, in øre; null where none was typed, NaN where it is no amount. */
const typedParts = (form: Record<string, unknown>, horseIds: string[]) =>
  horseIds.map((id) => {
    const text = form[`${COST_PART_FIELD}${id}`];
    const reading = readMoneyText(typeof text === "string" ? text : "");
    return "ore" in reading ? reading.ore : Number.NaN;
  });

const ticked = z
  .string()
  .optional()
  .transform((v) => v === "1" || v === "on");

/** Add Cost / Edit Cost: the receipt is the file field `receipt`, handled apart from the text fields. */
export const costSchema = z
  .object({
    id: z.string().optional(),
    date: day("costs.dateInvalid"),
    category: z.enum(COST_CATEGORIES, { error: "costs.categoryInvalid" }),
    description: text(500),
    amount: moneyAmount<AdminKey>({
      invalid: "costs.amountInvalid",
      tooLarge: "costs.amountTooLarge",
      negative: "costs.amountInvalid",
    }),
    vat: z.enum(VAT_KINDS, { error: "costs.vatInvalid" }),
    passedOn: ticked,
    planned: ticked,
    removeReceipt: ticked,
  })
  .catchall(z.string())
  .superRefine(
    (form, ctx) => {
      const values = form as Record<string, unknown>;
      const horses = costHorseIds(values);
      if (horses.length === 0) ctx.addIssue({ code: "custom", path: ["horses"], message: "costs.horsesInvalid" });
      const amount = values.amount;
      if (amount === null) ctx.addIssue({ code: "custom", path: ["amount"], message: "costs.amountRequired" });
      else if (typeof amount === "number" && horses.length && amount < horses.length)
        ctx.addIssue({ code: "custom", path: ["amount"], message: "costs.amountTooSmall" });
      const parts = typedParts(values, horses);
      if (parts.some((p) => p !== null)) {
        const whole = parts.every((p): p is number => p !== null && Number.isSafeInteger(p) && p > 0);
        const sum = whole ? parts.reduce((a, b) => a + b, 0) : -1;
        if (!whole || (typeof amount === "number" && sum !== amount))
          ctx.addIssue({ code: "custom", path: ["horses"], message: "costs.partsInvalid" });
      }
    },
    { when: ({ value }) => typeof value === "object" && value !== null },
  )
  .transform((form) => {
    const values = form as Record<string, unknown>;
    const horseIds = costHorseIds(values);
    const parts = typedParts(values, horseIds);
    const given = parts.some((p) => p !== null);
    return {
      id: form.id ?? "",
      date: form.date,
      category: form.category,
      description: form.description,
      amountOere: form.amount ?? 0,
      vat: form.vat,
      passedOn: form.passedOn,
      planned: form.planned,
      removeReceipt: form.removeReceipt,
      horseIds,
      /** Each horse with its part when parts were typed; else the model spreads the amount evenly. */
      horses: horseIds.map((horseId, i) => (given ? { horseId, partOere: parts[i] ?? 0 } : { horseId })),
    };
  });

/** Delete Cost: the cost. */
export const costIdSchema = z.object({ id: z.string().trim().min(1, "costs.notFound").max(100) });
