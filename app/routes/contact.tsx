import { Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { Await, data, Form, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/contact";
import type { RouteHandle } from "~/routes/+shared/route-handle";
import contactScript from "~/islands/contact.ts?worker&url";
import { ContactInfoCard } from "~/components/contact-info-card";
import { PageIntro } from "~/components/page-intro";
import { SubmitButton } from "~/components/ui/button";
import { Field, TextAreaField } from "~/components/ui/field";
import { ShowToast } from "~/components/ui/toast";
import { getContactInfo } from "~/models/contact-info.server";
import {
  checkContact,
  contactValues,
  CONTACT_LIMITS,
  FORM_STAMP_FIELD,
  HONEYPOT_FIELD,
  type ContactField,
  type ContactFieldErrors,
} from "~/contact/contact-form";
import { submitContact } from "~/contact/contact-submission.server";
import { readOr } from "~/platform/public-read.server";
import { seo } from "~/seo/seo";
import { stableNameFrom } from "~/models/site-settings";
import { toastMessage, type Toast } from "~/toast/toast";
import { formStampFor } from "~/contact/form-stamp.server";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { useLang, useT } from "~/i18n/use-lang";
import { HoneypotField } from "~/components/ui/honeypot";
import { ENQUIRY_PARAM } from "~/contact/enquiry";
import { findHorseBySlug } from "~/models/horse.server";
import { isSlugShaped } from "~/racing/slug";

export const handle: RouteHandle = { hydrate: false, script: contactScript };

// Shared through the page cache, the page's form stamp is put in at the edge for each response (app/pages/registry.ts).
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const enquiry = await enquiryAbout(url.searchParams.get(ENQUIRY_PARAM));
  // A horse that is not (or no longer) offered: the plain form, so made-up names take no place in the cache.
  if (enquiry === false) throw redirect(url.pathname);
  return {
    contactInfo: await readOr("contact information", getContactInfo, null),
    formStamp: formStampFor(request),
    enquiry,
  };
}

/** The horse an enquiry asks about (`?horse=<slug>`): null for none asked, false for one with no shares offered. */
async function enquiryAbout(slug: string | null): Promise<{ horse: string } | null | false> {
  if (slug === null) return null;
  if (!isSlugShaped(slug)) return false;
  const found = await readOr("an enquiry's horse", () => findHorseBySlug(slug), null);
  return found && "horse" in found && found.horse.sharesAvailable ? { horse: found.horse.name } : false;
}

// On a client-side visit the page appears at once and the contact card says it is loading.
// An enquiry's first words are the form's own, so a visit with one waits for them.
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const server = serverLoader();
  const asked = new URL(request.url).searchParams.has(ENQUIRY_PARAM);
  return {
    contactInfo: server.then((d) => d.contactInfo),
    formStamp: server.then((d) => d.formStamp),
    enquiry: asked ? (await server).enquiry : null,
  };
}

// Sending a message changes neither the contact details nor the form stamp still in the page.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? false : defaultShouldRevalidate;
}

export async function action({ request }: Route.ActionArgs) {
  const outcome = await submitContact(request);
  return data(outcome.body, { status: outcome.status, headers: outcome.headers });
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return new Headers(actionHeaders);
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <PageIntro eyebrow={t("contact.eyebrow")} title={t("contact.title")}>
        <p>{t("contact.intro")}</p>
      </PageIntro>
      <div className="mt-12 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <ContactForm
          enquiry={loaderData.enquiry}
          stamp={
            actionData && "formStamp" in actionData && actionData.formStamp
              ? actionData.formStamp
              : loaderData.formStamp
          }
          actionData={actionData}
        />
        <ContactInfoCard info={loaderData.contactInfo} />
      </div>
    </div>
  );
}

type ActionData = Route.ComponentProps["actionData"];

function ContactForm({
  stamp,
  actionData,
  enquiry,
}: {
  stamp: string | Promise<string>;
  actionData: ActionData;
  enquiry: { horse: string } | null;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const lang = useLang();
  const t = useT();
  const action = pathTo("contact", { lang });
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  const values = actionData && "values" in actionData ? actionData.values : undefined;
  const started = enquiry ? t("ownership.enquiryMessage", { horse: enquiry.horse }) : "";
  const [errors, setErrors] = useState<ContactFieldErrors>(
    actionData && "fieldErrors" in actionData ? actionData.fieldErrors : {},
  );
  const [count, setCount] = useState((values?.message ?? started).length);
  const [clientToast, setClientToast] = useState<Toast | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!actionData) return;
    if (actionData.result === "sent") {
      formRef.current?.reset();
      // Back to what the form started with: empty, or an enquiry's first words.
      const message = formRef.current?.elements.namedItem("message");
      setCount(message instanceof HTMLTextAreaElement ? message.value.length : 0);
      setErrors({});
    } else {
      setErrors(actionData.fieldErrors);
    }
  }, [actionData]);

  // With JavaScript the schema checks before anything is sent, with the spec's messages.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const checked = checkContact(contactValues(new FormData(event.currentTarget)), lang);
    if (checked.ok) {
      setErrors({});
      return;
    }
    event.preventDefault();
    setErrors(checked.fieldErrors);
    setClientToast(toastMessage("error", t("contact.validationTitle"), checked.firstError));
    const first = Object.keys(checked.fieldErrors)[0];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const clearError = (field: ContactField) => {
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <section
      aria-labelledby="contact-form-heading"
      className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <ShowToast toast={actionData?.toast} />
      <ShowToast toast={clientToast} />
      <h2 id="contact-form-heading" className="text-2xl font-bold text-brand-900">
        {t("contact.formHeading")}
      </h2>
      {enquiry ? <p className="mt-2 text-stone-700">{t("contact.enquiryAbout", { horse: enquiry.horse })}</p> : null}
      <Form
        ref={formRef}
        method="post"
        action={action}
        noValidate={hydrated}
        onSubmit={onSubmit}
        data-contact-form
        className="mt-6 space-y-5"
      >
        <Field
          id="contact-name"
          label={t("contact.name")}
          error={errors.name}
          name="name"
          type="text"
          autoComplete="name"
          required
          minLength={1}
          maxLength={CONTACT_LIMITS.name}
          defaultValue={values?.name ?? ""}
          onChange={() => clearError("name")}
        />
        <Field
          id="contact-email"
          label={t("contact.email")}
          error={errors.email}
          name="email"
          type="email"
          autoComplete="email"
          required
          minLength={3}
          maxLength={CONTACT_LIMITS.email}
          defaultValue={values?.email ?? ""}
          onChange={() => clearError("email")}
        />
        <TextAreaField
          id="contact-message"
          label={t("contact.message")}
          error={errors.message}
          hintBesideLabel
          hint={
            <>
              {`${count}/${CONTACT_LIMITS.messageMax}`}
              <span className="sr-only"> {t("contact.characters")}</span>
            </>
          }
          name="message"
          rows={7}
          required
          minLength={CONTACT_LIMITS.messageMin}
          maxLength={CONTACT_LIMITS.messageMax}
          defaultValue={values?.message ?? started}
          onChange={(e) => {
            setCount(e.currentTarget.value.length);
            clearError("message");
          }}
        />
        <HoneypotField name={HONEYPOT_FIELD} label={t("contact.honeypot")} />
        <Suspense fallback={<input type="hidden" name={FORM_STAMP_FIELD} value="" />}>
          <Await resolve={stamp}>{(value) => <input type="hidden" name={FORM_STAMP_FIELD} value={value} />}</Await>
        </Suspense>
        <SubmitButton busy={sending} busyLabel={t("contact.sending")} className="w-full px-5 py-3 text-base sm:w-auto">
          {t("contact.send")}
        </SubmitButton>
      </Form>
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  const name = stableNameFrom(args.matches);
  const t = translator(langFromPath(args.location.pathname));
  return seo(args, { title: t("contact.metaTitle", { name }), description: t("contact.metaDescription", { name }) });
}
