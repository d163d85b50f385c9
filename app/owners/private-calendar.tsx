import { useState } from "react";
import { Form } from "react-router";
import { buttonClass, SubmitButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useSubmitting } from "~/components/ui/use-submitting";
import { useT } from "~/i18n/use-lang";

/**
 * A person's private calendar address (of one horse, or of all their horses): the address with a
 * Copy button and a link to open it in a calendar app, or the button that makes one; a new one
 * ends the old (decisions 0203 and 0244). `text` says what it holds, `none` what one would.
 */
export function PrivateCalendar({ address, text, none }: { address: string | null; text: string; none: string }) {
  const t = useT();
  const busy = useSubmitting("calendar");
  return (
    <div className="mt-4 max-w-3xl space-y-4">
      <p className="text-stone-700">{address ? text : none}</p>
      {address ? (
        <>
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1 basis-72">
              <Field label={t("owners.calendarAddress")} name="calendar-address" value={address} readOnly />
            </div>
            <CopyButton text={address} />
          </div>
          <p>
            <a
              href={address.replace(/^https?:/, "webcal:")}
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
            >
              {t("owners.calendarOpen")}
            </a>
          </p>
          <p className="text-sm text-stone-600">{t("owners.calendarRenewText")}</p>
        </>
      ) : null}
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="calendar" />
        <SubmitButton busy={busy} busyLabel={t("owners.saving")} variant={address ? "secondary" : "primary"}>
          {address ? t("owners.calendarRenew") : t("owners.calendarCreate")}
        </SubmitButton>
      </Form>
    </div>
  );
}

/** Copies the address (with JavaScript; without, the field's text can be selected and copied). */
function CopyButton({ text }: { text: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <>
      <button
        type="button"
        className={buttonClass.secondary}
        onClick={() => {
          void navigator.clipboard
            ?.writeText(text)
            .then(() => setCopied(true))
            .catch(() => setCopied(false));
        }}
      >
        {t("owners.calendarCopy")}
      </button>
      <span role="status" className="basis-full text-sm text-stone-700">
        {copied ? t("owners.calendarCopied") : ""}
      </span>
    </>
  );
}
