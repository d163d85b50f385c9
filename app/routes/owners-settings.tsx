import { data, Form } from "react-router";
import type { Route } from "./+types/owners-settings";
import { countAttempt, guestInviteKeys, guestRecipientKeys, type LimitVerdict } from "~/auth/auth-limits.server";
import { requireOwner, type OwnerSession, type SessionUser } from "~/auth/auth.server";
import { SubmitButton } from "~/components/ui/button";
import { ReadFailed } from "~/components/read-failed";
import { Card } from "~/components/ui/card";
import { Field, SelectField } from "~/components/ui/field";
import { MoneyField } from "~/components/ui/money-field";
import { LanguageChoice } from "~/components/ui/language-choice";
import { useSubmitting } from "~/components/ui/use-submitting";
import { translator, type Translate } from "~/i18n/dictionary";
import { LANGS, LANGUAGE_NAMES, langFromPath } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { useLang, useT } from "~/i18n/use-lang";
import { AlreadyActiveError, getOwnerAccount, type OwnerAccount } from "~/models/owner-account.server";
import { getGuest, GuestLimitError, listGuests, OnYourListError, removeGuest } from "~/models/owner-guest.server";
import { saveOwnerSettings } from "~/models/owner-notice-settings.server";
import { GUEST_LIMIT, NOTICE_KINDS, type AccountStatus } from "~/models/owner-account";
import { stableNameFrom } from "~/models/site-settings";
import { sendGuestInvitation, sendNewInvitation } from "~/owners/accounts.server";
import {
  approvalLimitSchema,
  formErrors,
  guestIdSchema,
  guestSchema,
  NAME_MAX,
  noticeField,
  settingsSchema,
} from "~/owners/owner-forms";
import { kroner } from "~/owners/owner-money";
import { formatOere } from "~/billing/document-texts";
import { getOwnerBillingDetails, saveApprovalLimit } from "~/models/billing-details.server";
import { OwnerPage } from "~/owners/owner-parts";
import {
  ownersAction,
  pageTexts,
  PRIVATE,
  privateHeaders,
  turnedDown,
  type OwnerActionData,
} from "~/owners/owner-page.server";
import { runAs } from "~/platform/actor.server";
import { clientNetwork } from "~/platform/client-ip.server";
import { faultOf, FAULT_STATUS } from "~/platform/faults.server";
import { readForm } from "~/platform/form-data.server";
import { log } from "~/platform/log.server";
import { publicOrigin } from "~/platform/origin.server";
import { FAILED_READ_INIT, readForPage } from "~/platform/public-read.server";
import { seo } from "~/seo/seo";
import { redirectWithToast } from "~/toast/toast.server";
import { EMAIL_MAX } from "~/utils/email";
import { cn } from "~/utils/cn";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireOwner(request);
  const owner = user.owner.role === "owner";
  const read = await readForPage("an owner's settings", () =>
    Promise.all([
      getOwnerAccount(user.id),
      owner ? listGuests(user.id) : Promise.resolve(null),
      // A guest's host pays: the limit is the owner's alone.
      owner ? getOwnerBillingDetails(user.id) : Promise.resolve(null),
    ]),
  );
  if (!read.ok) return data({ state: "failed" as const }, { ...FAILED_READ_INIT, headers: PRIVATE });
  const [account, guests, billing] = read.value;
  if (!account) throw new Response("Not Found", { status: 404, headers: PRIVATE });
  return data(
    {
      state: "ok" as const,
      email: account.email,
      language: account.language,
      notices: account.notices,
      guests,
      limit: GUEST_LIMIT,
      approvalLimit: billing ? { oere: billing.approvalLimitOere } : null,
    },
    { headers: PRIVATE },
  );
}

type Owner = SessionUser & { owner: OwnerSession };

/** A form's text fields as typed, to give back when it is turned down. */
function typed(form: FormData) {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in out)) out[key] = value;
  return out;
}

/** The settings page's forms, each for this person only; a guest has no guests of their own to manage. */
async function answer(request: Request, user: Owner, values: Record<string, string>, t: Translate) {
  const intent = values.intent || "settings";
  const page = new URL(request.url).pathname;
  const refuse = (status: number, more: { errors?: Record<string, string>; toast?: string } = {}) =>
    turnedDown(t, { intent, values, ...more }, status);
  const done = (title: string, description: string, to = page) =>
    redirectWithToast(to, { type: "success", title, description });
  if (intent !== "settings" && user.owner.role !== "owner") return refuse(403);

  if (intent === "settings") {
    const parsed = settingsSchema.safeParse(values);
    if (!parsed.success) return refuse(400, { errors: formErrors(parsed.error, t) });
    if (!(await saveOwnerSettings(user.id, parsed.data))) return refuse(404);
    // Said in the language just chosen, on the settings page in it.
    const chosen = translator(parsed.data.language);
    return done(
      chosen("owners.settingsSaved"),
      chosen("owners.settingsSavedText"),
      pathTo("owners-settings", { lang: parsed.data.language }),
    );
  }

  if (intent === "approval-limit") {
    const parsed = approvalLimitSchema.safeParse(values);
    if (!parsed.success) return refuse(400, { errors: formErrors(parsed.error, t) });
    if (!(await saveApprovalLimit(user.id, parsed.data.limit))) return refuse(404);
    return done(
      t("owners.limitSaved"),
      parsed.data.limit === null
        ? t("owners.limitRemovedText")
        : t("owners.limitSavedText", { amount: kroner(parsed.data.limit) }),
    );
  }

  // Every invitation mail an owner causes counts, sent anew or again: per owner and network first,
  // then per person invited (decision 0221).
  const tooMany = (verdict: LimitVerdict) =>
    verdict.allowed
      ? null
      : turnedDown(t, { intent, values, toast: t("owners.rateLimited") }, 429, {
          "Retry-After": String(verdict.retryAfterSeconds),
        });
  const perOwner = () => countAttempt(guestInviteKeys(user.id, clientNetwork(request)));

  if (intent === "invite-guest") {
    const limited = tooMany(await perOwner());
    if (limited) return limited;
    const parsed = guestSchema.safeParse(values);
    if (!parsed.success) return refuse(400, { errors: formErrors(parsed.error, t) });
    const refused = tooMany(await countAttempt(guestRecipientKeys(parsed.data.email)));
    if (refused) return refused;
    try {
      const invited = await sendGuestInvitation(user.id, parsed.data);
      if (!invited) return refuse(403);
      return done(t("owners.invitationSent"), t("owners.invitationSentText", { email: invited.email }));
    } catch (error) {
      if (error instanceof OnYourListError) {
        return refuse(400, { errors: { email: t(error.which === "self" ? "owners.emailOwn" : "owners.emailOnList") } });
      }
      if (error instanceof GuestLimitError)
        return refuse(400, { toast: t("owners.guestLimit", { limit: GUEST_LIMIT }) });
      throw error;
    }
  }

  const parsed = guestIdSchema.safeParse(values);
  if (intent === "resend-guest" && parsed.success) {
    // Someone else's guest is a 404 that counts nothing; one's own counts as an invitation does.
    const guest = await getGuest(user.id, parsed.data.id);
    if (!guest) return refuse(404);
    const refused = tooMany(await perOwner()) ?? tooMany(await countAttempt(guestRecipientKeys(guest.email)));
    if (refused) return refused;
    try {
      const invited = await sendNewInvitation(parsed.data.id, { hostId: user.id });
      if (!invited) return refuse(404);
      return done(t("owners.invitationSent"), t("owners.invitationSentText", { email: invited.email }));
    } catch (error) {
      if (error instanceof AlreadyActiveError) return refuse(400);
      if (error instanceof GuestLimitError)
        return refuse(400, { toast: t("owners.guestLimit", { limit: GUEST_LIMIT }) });
      throw error;
    }
  }
  if (intent === "remove-guest" && parsed.success) {
    const removed = await removeGuest(user.id, parsed.data.id);
    if (!removed) return refuse(404);
    return done(t("owners.guestRemoved"), t("owners.guestRemovedText", { name: removed.name }));
  }
  return refuse(400);
}

/** The page's forms by their intent, with what a failure of each says. */
const FAILURES: Record<string, "owners.settingsFailed" | "owners.inviteFailed" | "owners.removeFailed"> = {
  settings: "owners.settingsFailed",
  "approval-limit": "owners.settingsFailed",
  "invite-guest": "owners.inviteFailed",
  "resend-guest": "owners.inviteFailed",
  "remove-guest": "owners.removeFailed",
};

export const action = ownersAction(Object.keys(FAILURES), async ({ request }: Route.ActionArgs) => {
  const user = await requireOwner(request);
  const { t } = pageTexts(request);
  const values = typed(await readForm(request));
  try {
    // In the person's own name: the activity log says who invited or removed whom.
    const actor = { userId: user.id, email: user.email, via: "owners" as const, origin: publicOrigin(request) };
    return await runAs(actor, () => answer(request, user, values, t));
  } catch (error) {
    const fault = faultOf(error);
    log.error("an owner's settings form failed", { error, intent: values.intent });
    const failure = FAILURES[values.intent || "settings"] ?? "owners.settingsFailed";
    return turnedDown(
      t,
      { intent: values.intent ?? "", values, toast: t(failure) },
      fault ? FAULT_STATUS[fault.kind] : 500,
    );
  }
});

export const headers = privateHeaders;

export default function OwnerSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const answer = actionData as OwnerActionData | undefined;
  if (loaderData.state === "failed") {
    return (
      <OwnerPage toasts={[answer?.toast]}>
        <ReadFailed heading={t("owners.settingsErrorHeading")} text={t("owners.settingsErrorText")} pageHeading />
      </OwnerPage>
    );
  }
  const { email, language, notices, guests, limit, approvalLimit } = loaderData;
  const mine = (intent: string) => (answer?.intent === intent ? answer : undefined);
  return (
    <OwnerPage toasts={[answer?.toast]}>
      <h1 className="text-4xl font-bold text-brand-900 sm:text-5xl">{t("owners.settings")}</h1>
      <p className="mt-3 break-words text-stone-700">{t("owners.signedInAs", { email })}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-2 lg:items-start">
        <Card title={t("owners.settingsCard")} titleId="my-settings">
          <SettingsForm language={language} notices={notices} answer={mine("settings")} />
        </Card>
        {approvalLimit ? (
          <Card title={t("owners.approvalCard")} titleId="approval-limit">
            <ApprovalLimitForm limitOere={approvalLimit.oere} answer={mine("approval-limit")} />
          </Card>
        ) : null}
        {guests ? (
          <Card title={t("owners.guests")} titleId="guests">
            <Guests guests={guests} limit={limit} answer={mine("invite-guest")} />
          </Card>
        ) : null}
      </div>
    </OwnerPage>
  );
}

function SettingsForm({
  language,
  notices,
  answer,
}: {
  language: string;
  notices: Record<string, boolean>;
  answer: OwnerActionData | undefined;
}) {
  const t = useT();
  const busy = useSubmitting("settings");
  const chosen = answer?.values.language ?? language;
  const wanted = (kind: (typeof NOTICE_KINDS)[number]) =>
    answer ? answer.values[noticeField(kind)] !== undefined : notices[kind];
  return (
    <Form method="post" aria-labelledby="my-settings" className="space-y-6">
      <input type="hidden" name="intent" value="settings" />
      <LanguageChoice
        legend={t("owners.language")}
        hint={t("owners.languageHint")}
        chosen={chosen}
        error={answer?.errors?.language}
      />
      <fieldset aria-describedby="notices-hint">
        <legend className="text-sm font-medium text-stone-800">{t("owners.notices")}</legend>
        <p id="notices-hint" className="mt-1 text-xs text-stone-600">
          {t("owners.noticesHint")}
        </p>
        <div className="mt-2 space-y-2">
          {NOTICE_KINDS.map((kind) => (
            <label key={kind} className="flex items-start gap-3 text-stone-900">
              <input
                type="checkbox"
                name={noticeField(kind)}
                defaultChecked={wanted(kind)}
                aria-describedby={`notice-${kind}-hint`}
                className="mt-1 h-4 w-4 accent-brand-700"
              />
              <span>
                <span className="font-medium">{t(`owners.notice.${kind}`)}</span>
                <span id={`notice-${kind}-hint`} className="block text-sm text-stone-600">
                  {t(`owners.noticeHint.${kind}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <SubmitButton busy={busy} busyLabel={t("owners.saving")}>
        {t("owners.saveSettings")}
      </SubmitButton>
    </Form>
  );
}

/** A limit per cost: a planned cost whose part for the owner is above it waits for their approval (decision 0284). */
function ApprovalLimitForm({ limitOere, answer }: { limitOere: number | null; answer: OwnerActionData | undefined }) {
  const t = useT();
  const busy = useSubmitting("approval-limit");
  return (
    <Form method="post" aria-labelledby="approval-limit" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value="approval-limit" />
      <p className="text-stone-700">{t("owners.approvalIntro")}</p>
      <MoneyField
        label={t("owners.approvalLimit")}
        name="limit"
        hint={t("owners.approvalLimitHint")}
        defaultValue={answer ? (answer.values.limit ?? "") : limitOere === null ? "" : formatOere(limitOere)}
        error={answer?.errors?.limit}
      />
      <SubmitButton busy={busy} busyLabel={t("owners.saving")}>
        {t("owners.saveLimit")}
      </SubmitButton>
    </Form>
  );
}

const STATUS_STYLE: Record<AccountStatus, string> = {
  invited: "bg-amber-100 text-amber-950",
  expired: "bg-stone-200 text-stone-900",
  active: "bg-emerald-100 text-emerald-900",
  revoked: "bg-red-100 text-red-900",
};

function Guests({
  guests,
  limit,
  answer,
}: {
  guests: OwnerAccount[];
  limit: number;
  answer: OwnerActionData | undefined;
}) {
  const t = useT();
  const counted = guests.filter((g) => g.state !== "revoked").length;
  return (
    <div className="space-y-6">
      <p className="text-stone-700">{t("owners.guestsIntro", { limit })}</p>
      {guests.length === 0 ? (
        <p className="text-stone-600">{t("owners.guestsEmpty")}</p>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label={t("owners.guests")}>
          {guests.map((guest) => (
            <GuestRow key={guest.userId} guest={guest} />
          ))}
        </ul>
      )}
      {counted >= limit ? (
        <p role="note" className="rounded-md bg-stone-100 p-3 text-stone-800">
          {t("owners.guestsFull", { limit })}
        </p>
      ) : (
        <GuestForm answer={answer} />
      )}
    </div>
  );
}

function GuestRow({ guest }: { guest: OwnerAccount }) {
  const t = useT();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-stone-900">{guest.name}</span>
          <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", STATUS_STYLE[guest.status])}>
            {t(`owners.status.${guest.status}`)}
          </span>
        </p>
        <p className="break-words text-stone-700">{guest.email}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {guest.state === "active" ? null : (
          <GuestButton intent="resend-guest" guest={guest} label={t("owners.resendGuestLabel", { name: guest.name })}>
            {t("owners.resendGuest")}
          </GuestButton>
        )}
        <GuestButton
          intent="remove-guest"
          guest={guest}
          label={t("owners.removeGuestLabel", { name: guest.name })}
          danger
        >
          {t("owners.removeGuest")}
        </GuestButton>
      </div>
    </li>
  );
}

function GuestButton({
  intent,
  guest,
  label,
  danger = false,
  children,
}: {
  intent: string;
  guest: OwnerAccount;
  label: string;
  danger?: boolean;
  children: string;
}) {
  const t = useT();
  const busy = useSubmitting(intent, guest.userId);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={guest.userId} />
      <SubmitButton
        busy={busy}
        busyLabel={danger ? t("owners.removing") : t("owners.sending")}
        variant={danger ? "danger" : "small"}
        aria-label={label}
      >
        {children}
      </SubmitButton>
    </Form>
  );
}

function GuestForm({ answer }: { answer: OwnerActionData | undefined }) {
  const t = useT();
  const lang = useLang();
  const busy = useSubmitting("invite-guest");
  const errors = answer?.errors ?? {};
  const value = (name: string) => answer?.values[name] ?? "";
  return (
    <Form method="post" aria-label={t("owners.inviteGuest")} className="grid gap-4 sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value="invite-guest" />
      <Field
        label={t("owners.name")}
        name="name"
        required
        maxLength={NAME_MAX}
        autoComplete="off"
        defaultValue={value("name")}
        error={errors.name}
      />
      <Field
        label={t("owners.email")}
        name="email"
        type="email"
        required
        maxLength={EMAIL_MAX}
        autoComplete="off"
        defaultValue={value("email")}
        error={errors.email}
      />
      <SelectField
        label={t("owners.language")}
        name="language"
        defaultValue={value("language") || lang}
        error={errors.language}
      >
        {LANGS.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </SelectField>
      <div className="flex items-end">
        <SubmitButton busy={busy} busyLabel={t("owners.sending")}>
          {t("owners.inviteGuest")}
        </SubmitButton>
      </div>
    </Form>
  );
}

export function meta(args: Route.MetaArgs) {
  const t = translator(langFromPath(args.location.pathname));
  return seo(args, {
    title: t("owners.settingsMeta", { name: stableNameFrom(args.matches) }),
    description: t("owners.noticesHint"),
    noindex: true,
  });
}
