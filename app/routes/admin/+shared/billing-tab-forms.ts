import { z } from "zod";
import type { AdminKey } from "~/i18n/admin/dictionary";
import { isIsoDay, isMonth, parseSharePercent } from "~/models/billing-terms";
import { moneyAmount } from "~/racing/money-schema";

/**
 * The Billing tab's forms (the setup pages' are in billing-forms.ts), one schema each (the page checks with them before sending, the action
 * for real). Amounts are typed the Danish way and read as whole øre; a quantity takes a comma or a
 * point; a share is a percentage with at most two decimals.
 */

const TOO_LONG: AdminKey = "form.tooLong";

/** A month, YYYY-MM (the month input's value). */
export const monthField = z
  .string({ error: "billing.monthInvalid" })
  .trim()
  .refine((v) => isMonth(v), "billing.monthInvalid");

const id = z.string().trim().min(1).max(100);

/** Create drafts: the monthly run for the month chosen. */
export const draftsSchema = z.object({ month: monthField });

const QUANTITY = /^-?\d{1,9}(\.\d{1,6})?$/;

const quantity = z
  .string({ error: "billing.quantityInvalid" })
  .trim()
  .transform((v) => v.replace(",", "."))
  .refine((v) => QUANTITY.test(v) && !/^-?0+(\.0+)?$/.test(v), "billing.quantityInvalid");

const unitPrice = moneyAmount<AdminKey>({
  invalid: "billing.unitPriceInvalid",
  tooLarge: "billing.unitPriceTooLarge",
}).transform((v, ctx) => {
  if (v === null) ctx.addIssue({ code: "custom", message: "billing.unitPriceInvalid" });
  return v ?? 0;
});

const share = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const s = (v ?? "").trim();
    if (s === "") return null;
    const hundredths = parseSharePercent(s);
    if (hundredths === null || hundredths < 1) {
      ctx.addIssue({ code: "custom", message: "billing.shareInvalid" });
      return null;
    }
    return hundredths;
  });

const lineFields = {
  description: z
    .string({ error: "billing.descriptionRequired" })
    .trim()
    .min(1, "billing.descriptionRequired")
    .max(500, TOO_LONG),
  quantity,
  unit: z.enum(["day", "piece"]).default("piece"),
  unitPrice,
  share,
  vat: z.enum(["standard", "outlay"]).default("standard"),
  month: monthField.optional(),
};

/** Add a line to a draft. */
export const lineAddSchema = z.object({ invoiceId: id, ...lineFields });

/** Change a draft's line. */
export const lineUpdateSchema = z.object({ lineId: id, ...lineFields });

/** Remove a draft's line (the line form's Remove button). */
export const lineRemoveSchema = z.object({ lineId: id, month: monthField.optional() });

/** A draft's note. */
export const noteSchema = z.object({
  invoiceId: id,
  note: z.string().max(1000, TOO_LONG).optional().default(""),
  month: monthField.optional(),
});

/** Delete a draft. */
export const draftDeleteSchema = z.object({ invoiceId: id, month: monthField.optional() });

/** The prefix of a draft's checkbox in the Issue form: `pick-<id>`. */
export const PICK = "pick-";
/** The prefix of a line's checkbox in the credit note form: `line-<id>`. */
export const CREDIT_LINE = "line-";

/** The ids of the checkboxes ticked whose names start with `prefix`. */
function ticked(values: Record<string, unknown>, prefix: string) {
  return Object.entries(values)
    .filter(([name, value]) => name.startsWith(prefix) && value === "on")
    .map(([name]) => name.slice(prefix.length))
    .filter((v) => v.length > 0 && v.length <= 100);
}

/** Issue Invoices: the drafts ticked, or every draft (`all`). */
export const issueSchema = z
  .object({ all: z.string().optional(), month: monthField.optional() })
  .passthrough()
  .transform((values) => ({ all: values.all === "1", ids: ticked(values, PICK), month: values.month }));

/** A credit note for an issued invoice: all of it (`all`), or the lines ticked. */
export const creditSchema = z
  .object({
    invoiceId: id,
    all: z.string().optional(),
    note: z.string().max(500, TOO_LONG).optional().default(""),
    month: monthField.optional(),
  })
  .passthrough()
  .transform((values) => ({
    invoiceId: values.invoiceId,
    all: values.all === "1",
    lineIds: ticked(values, CREDIT_LINE),
    note: values.note.trim() || null,
    month: values.month,
  }));

/** A payment: the day and the amount (blank: all that is left, Mark Paid). */
export const paymentSchema = z.object({
  invoiceId: id,
  paidOn: z
    .string({ error: "billing.paidOnInvalid" })
    .trim()
    .refine((v) => isIsoDay(v), "billing.paidOnInvalid"),
  amount: moneyAmount<AdminKey>({ invalid: "billing.amountInvalid", tooLarge: "billing.unitPriceTooLarge" }),
  note: z.string().max(500, TOO_LONG).optional().default(""),
  month: monthField.optional(),
});

/** The accountant's export (a GET form to the download). */
export const exportSchema = z
  .object({
    from: z.string().trim().refine(isIsoDay, "billing.exportInvalid"),
    to: z.string().trim().refine(isIsoDay, "billing.exportInvalid"),
    file: z.enum(["documents", "lines"]).default("documents"),
  })
  .refine((v) => v.from <= v.to, { message: "billing.exportInvalid", path: ["to"] });
