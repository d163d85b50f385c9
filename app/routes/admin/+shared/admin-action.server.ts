import { data, redirect } from "react-router";
import type { z } from "zod";
import { requireAdmin, type SessionUser } from "~/auth/auth.server";
import {
  adminTranslator,
  inEnglish,
  isAdminKey,
  type AdminKey,
  type AdminText,
  type AdminTranslate,
} from "~/i18n/admin/dictionary";
import type { StoredImage } from "~/media/images.server";
import {
  isUploadError,
  parseUploadedForm,
  withUploadedForm,
  type ParsedForm,
  type UploadError,
} from "~/media/upload.server";
import { runAs } from "~/platform/actor.server";
import { FAULT_STATUS, faultOf, type Fault } from "~/platform/faults.server";
import { log } from "~/platform/log.server";
import { publicOrigin } from "~/platform/origin.server";
import { toastMessage, type Toast } from "~/toast/toast";
import { redirectWithToast } from "~/toast/toast.server";
import { fieldErrors, recordIdSchema, type FieldErrors } from "./admin-forms";
import { discardImages, storeChosenImages, type ChosenImages, type ImageSpec } from "./admin-images.server";
import { IN_PLACE_FIELD, savedItemPath, SUBMITTER_INTENT_FIELD } from "./item-links";

/**
 * The one admin action: a tab declares what each of its forms (by hidden `intent`) needs, and
 * adminAction() does the rest in this order: the admin check, the body, the schema, the images, the
 * write, the toast. See docs/architecture.md, "How to add an admin intent".
 */

/** What an admin action answers when it does not redirect: the form it belongs to, what was typed, why it failed. */
export type AdminActionData = {
  intent: string;
  id?: string;
  values: Record<string, string>;
  errors?: FieldErrors;
  toast?: Toast;
  /** A form's texts rendered as its page would show them, by field name (the Preview button). */
  preview?: Record<string, string>;
};

/** A form turned down: field messages and/or an error toast, answered with `status` (400 unless said). */
export type Refusal = { errors?: Record<string, AdminText>; toast?: AdminText; status?: number };

/** Thrown from an intent's `prepare` or `write` to turn the form down (e.g. a horse that is not in the list). */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super("The form was turned down");
  }
}

export type ToastText = { title: AdminText; description?: AdminText };

/**
 * A success toast; `to`: the page it shows on, when it is not the tab; `show`: the id of the record
 * saved, which that page scrolls to and highlights; `slot`: toasts of one slot replace each other
 * instead of stacking (a run of moves). `toast: false`: the page is answer enough (a message opened).
 * `preview`: nothing was saved; the form's page again, as typed, with these texts rendered.
 */
export type Success =
  | ((ToastText | { toast: false }) & { to?: string; show?: string; slot?: string })
  | { preview: Record<string, string> };

/** What an intent's write hands back that the runner acts on. */
type Written = { replacedImageUrl?: string | null; replacedImageUrls?: (string | null)[]; trashId?: string };

export type IntentSpec<S extends z.ZodType, Ready, Saved, F extends string> = {
  /** The form's text fields (one schema per form, shared with the page); bad input answers 400. */
  schema: S;
  /** The spec's 'Failed to …' text: a failed write answers it (500, or 503/507 with the reason of a fault). */
  failure: AdminKey;
  /** An error toast for bad input besides the field messages, for forms that show only toasts. */
  invalidToast?: (errors: FieldErrors, t: AdminTranslate) => string | undefined;
  /** Input that asks for nothing (the spec: saving empty news does nothing): answered 200, nothing written. */
  skip?: (data: z.output<S>) => boolean;
  /** Reads what the write needs before any image is stored; null: no such record. May throw Refused. */
  prepare?: (data: z.output<S>) => Promise<Ready | null>;
  /** The form's file fields and where each one's image goes (stored before the write, removed if it fails). */
  images?: Record<F, ImageSpec> | ((ready: Ready) => Record<F, ImageSpec>);
  /**
   * The change, through the models (their transaction, activity log and contentChanged()). Null: no
   * such record. `{ replacedImageUrl }` is removed once this has committed; `{ trashId }` gets Undo.
   */
  write: (input: {
    data: z.output<S>;
    images: ChosenImages<F>;
    ready: Ready;
    /** The form's files that are not images (a receipt), for the write to store itself and remove if it fails. */
    files: Pick<ParsedForm, "file">;
  }) => Promise<Saved | null>;
  /** Errors of the write that are the administrator's to fix, as a refusal. */
  refuse?: (error: unknown, t: AdminTranslate) => Refusal | undefined;
  /** No such record (default: the failure text, 404). */
  missing?: Refusal;
  /** The success toast, shown on the tab (or on `to`). */
  success: Success | ((saved: Saved, form: { data: z.output<S>; request: Request; t: AdminTranslate }) => Success);
};

type IntentContext = { form: ParsedForm; intent: string; tab: string; request: Request; t: AdminTranslate };

type Answer = Response | ReturnType<typeof data<AdminActionData>> | AdminActionData;

/** One declared intent, ready to run. */
export type AdminIntent = { failure: AdminKey; run: (context: IntentContext) => Promise<Answer> };

/** Declares a form of a tab (see IntentSpec); the types of each step follow from the schema and the write. */
export function intent<S extends z.ZodType, Saved, Ready = undefined, F extends string = never>(
  spec: IntentSpec<S, Ready, Saved, F>,
): AdminIntent {
  return { failure: spec.failure, run: (context) => runIntent(spec, context) };
}

/** The spec's toast for a deleted victory, runner or team member. */
const ITEM_DELETED: ToastText = { title: "toast.itemDeleted", description: "toast.itemDeletedText" };

/**
 * A delete: the record goes to the trash (its image stays until the entry is purged, so that Undo
 * brings it back) and the success toast carries Undo.
 */
export function toTrash(
  remove: (id: string) => Promise<{ trashId: string } | null>,
  failure: AdminKey,
  success: ToastText = ITEM_DELETED,
): AdminIntent {
  return intent({ schema: recordIdSchema, failure, write: ({ data }) => remove(data.id), success });
}

/** "Failed to add horse" and, when the failure was a fault, its reason. */
function failureText(t: AdminTranslate, failure: AdminKey, fault: Fault | null) {
  return fault ? t("toast.failedWithReason", { failure: t(failure), reason: t(`fault.${fault.kind}`) }) : t(failure);
}

/** The spec's error toast for a failed write, the typed values back; a fault adds its reason and answers 503 or 507. */
function failed(t: AdminTranslate, intent: string, values: Record<string, string>, failure: AdminKey, error: unknown) {
  const fault = faultOf(error);
  log.error(inEnglish(failure), { error: messageOf(error), ...(fault ? { fault: fault.kind, code: fault.code } : {}) });
  return data<AdminActionData>(
    { intent, id: values.id, values, toast: toastMessage("error", t("toast.error"), failureText(t, failure, fault)) },
    { status: fault ? FAULT_STATUS[fault.kind] : 500 },
  );
}

/** Why the form or its file was refused, in the administrator's language. */
export function uploadErrorText(error: UploadError, t: AdminTranslate) {
  const key = `upload.${error.problem}`;
  return error.problem && isAdminKey(key) ? t(key, error.details) : error.message;
}

/** An error's message, with its cause's when it wraps one (e.g. a refused upload and the disk error behind it). */
function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

/** A form turned down, its messages already in the administrator's language. */
function turnedDown(
  t: AdminTranslate,
  intent: string,
  values: Record<string, string>,
  { errors, toast, status = 400 }: { errors?: FieldErrors; toast?: string; status?: number },
) {
  return data<AdminActionData>(
    {
      intent,
      id: values.id,
      values,
      errors,
      toast: toast ? toastMessage("error", t("toast.error"), toast) : undefined,
    },
    { status },
  );
}

function refused(t: AdminTranslate, intent: string, values: Record<string, string>, refusal: Refusal) {
  const errors = refusal.errors
    ? Object.fromEntries(Object.entries(refusal.errors).map(([field, text]) => [field, t(text)]))
    : undefined;
  return turnedDown(t, intent, values, {
    errors,
    toast: refusal.toast ? t(refusal.toast) : undefined,
    status: refusal.status,
  });
}

function writtenOf(saved: unknown): Written {
  return typeof saved === "object" && saved !== null ? (saved as Written) : {};
}

async function runIntent<S extends z.ZodType, Saved, Ready, F extends string>(
  spec: IntentSpec<S, Ready, Saved, F>,
  { form, intent, tab, request, t }: IntentContext,
): Promise<Answer> {
  const { values } = form;
  const parsed = spec.schema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error, t);
    return turnedDown(t, intent, values, { errors, toast: spec.invalidToast?.(errors, t) });
  }
  const input: z.output<S> = parsed.data;
  if (spec.skip?.(input)) return { intent, values } satisfies AdminActionData;
  const missing = () => refused(t, intent, values, spec.missing ?? { toast: spec.failure, status: 404 });
  const fail = (error: unknown) => {
    const refusal = error instanceof Refused ? error.refusal : spec.refuse?.(error, t);
    return refusal ? refused(t, intent, values, refusal) : failed(t, intent, values, spec.failure, error);
  };

  let ready: Ready | null;
  try {
    ready = spec.prepare ? await spec.prepare(input) : (undefined as Ready);
  } catch (error) {
    return fail(error);
  }
  if (ready === null) return missing();

  const specs = typeof spec.images === "function" ? spec.images(ready) : (spec.images ?? ({} as Record<F, ImageSpec>));
  let stored: Awaited<ReturnType<typeof storeChosenImages<F>>>;
  try {
    stored = await storeChosenImages(form, specs);
  } catch (error) {
    return failed(t, intent, values, spec.failure, error);
  }
  if (stored.refused) {
    return turnedDown(t, intent, values, {
      errors: { [stored.refused.field]: uploadErrorText(stored.refused.error, t) },
    });
  }
  const storedUrls = Object.values<StoredImage | null>(stored.images).map((image) => image?.url);

  let saved: Saved | null;
  try {
    saved = await spec.write({ data: input, images: stored.images, ready, files: form });
  } catch (error) {
    await discardImages(storedUrls);
    return fail(error);
  }
  if (saved === null) {
    await discardImages(storedUrls);
    return missing();
  }
  const written = writtenOf(saved);
  await discardImages([written.replacedImageUrl, ...(written.replacedImageUrls ?? [])]);

  const success: Success =
    typeof spec.success === "function" ? spec.success(saved, { data: input, request, t }) : spec.success;
  if ("preview" in success) {
    return {
      intent: values.intent || intent,
      id: values.id,
      values,
      preview: success.preview,
    } satisfies AdminActionData;
  }
  const { to = tab, show, slot } = success;
  const location = show ? savedItemPath(to, show) : to;
  if ("toast" in success) return redirect(location);
  const toast = {
    type: "success" as const,
    title: t(success.title),
    description: success.description === undefined ? undefined : t(success.description),
    ...(written.trashId ? { undo: { trashId: written.trashId, returnTo: tab, label: t("toast.undo") } } : {}),
    ...(slot ? { slot } : {}),
  };
  // A form sent by the page's script to change the list in place: the answer, not a new page.
  if (values[IN_PLACE_FIELD] === "1") {
    return {
      intent,
      id: values.id,
      values: {},
      toast: toastMessage(toast.type, toast.title, toast.description, toast),
    } satisfies AdminActionData;
  }
  return redirectWithToast(location, toast);
}

export type AdminActionOptions = {
  /** The tab's address: success toasts show there. */
  tab: string;
  /** The tab's forms by their hidden `intent`. */
  intents: Record<string, AdminIntent>;
  /** The 'Failed to …' text for a form of no known intent (answered 400). */
  otherFailure: AdminKey;
  /** The intent of a form sent without one (a tab with a single form). */
  withoutIntent?: string;
};

/** A tab's action; `intents` names its forms (the authorization matrix posts each of them). */
export type AdminAction = ((args: { request: Request }) => Promise<Answer>) & { intents: readonly string[] };

/**
 * A tab's action. The administrator is checked first (the session is read once per request,
 * shared with the root loader); then the form is read (files stream to temporary storage and are
 * always removed afterwards) and its intent runs in the administrator's name (activity log,
 * trash). A form the parser refuses (too large, malformed) answers its message as an error toast.
 * An operational fault anywhere (the session cannot be checked because the database is down, a
 * full disk while storing an upload) answers the intent's 'Failed to …' toast with the reason, and
 * nothing is written.
 */
export function adminAction({ tab, intents, otherFailure, withoutIntent }: AdminActionOptions): AdminAction {
  const intentOf = (values: Record<string, string>) =>
    values[SUBMITTER_INTENT_FIELD] || values.intent || withoutIntent || "";
  const declared = (name: string) => (Object.hasOwn(intents, name) ? intents[name] : undefined);
  const faultAnswer = (t: AdminTranslate, values: Record<string, string>, error: unknown) => {
    const name = intentOf(values);
    return failed(t, name, values, declared(name)?.failure ?? otherFailure, error);
  };

  const action = async ({ request }: { request: Request }): Promise<Answer> => {
    let user: SessionUser;
    try {
      user = await requireAdmin(request);
    } catch (error) {
      if (!faultOf(error)) throw error;
      // Only to answer for the right form: files are read and dropped, nothing is stored.
      const form = await parseUploadedForm(request, { discardFiles: true }).catch(() => null);
      return faultAnswer(inEnglish, form?.values ?? {}, error);
    }
    const t = adminTranslator(user.adminLang);
    try {
      return await withUploadedForm(request, async (form) => {
        const name = intentOf(form.values);
        const handler = declared(name);
        if (!handler) return refused(t, name, form.values, { toast: otherFailure });
        try {
          const actor = {
            userId: user.id,
            email: user.email,
            via: "dashboard" as const,
            origin: publicOrigin(request),
          };
          return await runAs(actor, () => handler.run({ form, intent: name, tab, request, t }));
        } catch (error) {
          if (!faultOf(error)) throw error;
          return faultAnswer(t, form.values, error);
        }
      });
    } catch (error) {
      if (!isUploadError(error)) throw error;
      if (faultOf(error)) return faultAnswer(t, error.values, error);
      log.warn("admin form refused", { status: error.status, message: error.message });
      const text = uploadErrorText(error, t);
      const errors = error.field ? { [error.field]: text } : undefined;
      return data<AdminActionData>(
        { intent: "", values: {}, errors, toast: toastMessage("error", t("toast.error"), text) },
        { status: error.status },
      );
    }
  };
  return Object.assign(action, { intents: Object.keys(intents) });
}
