import { Suspense } from "react";
import { Await } from "react-router";
import { useT } from "~/i18n/use-lang";

export type ContactInfo = { address: string; phoneNumber: string; emailAddress: string };

type Props = { info: ContactInfo | null | Promise<ContactInfo | null> };

/** The stable's address, phone and e-mail; on a client-side visit it shows a loading line first. */
export function ContactInfoCard({ info }: Props) {
  const t = useT();
  return (
    <section
      aria-labelledby="contact-info-heading"
      className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h2 id="contact-info-heading" className="text-2xl font-bold text-brand-900">
        {t("contact.infoHeading")}
      </h2>
      <div className="mt-4">
        <Suspense fallback={<p className="text-stone-600">{t("contact.infoLoading")}</p>}>
          <Await resolve={info} errorElement={<Unavailable />}>
            {(resolved) => (resolved ? <Details info={resolved} /> : <Unavailable />)}
          </Await>
        </Suspense>
      </div>
    </section>
  );
}

function Unavailable() {
  const t = useT();
  return <p className="text-stone-600">{t("contact.infoUnavailable")}</p>;
}

function Details({ info }: { info: ContactInfo }) {
  const t = useT();
  const address = info.address.trim();
  const phone = info.phoneNumber.trim();
  const email = info.emailAddress.trim();
  if (!address && !phone && !email) {
    return <p className="text-stone-600">{t("contact.infoEmpty")}</p>;
  }
  const lines = address.split(/\r?\n/);
  return (
    <dl className="space-y-4">
      {address ? (
        <div>
          <dt className="text-sm font-semibold uppercase tracking-wide text-stone-500">{t("contact.address")}</dt>
          <dd>
            <address className="not-italic">
              {lines.map((line, i) => (
                <span key={i}>
                  {line}
                  {i < lines.length - 1 ? <br /> : null}
                </span>
              ))}
            </address>
          </dd>
        </div>
      ) : null}
      {phone ? (
        <div>
          <dt className="text-sm font-semibold uppercase tracking-wide text-stone-500">{t("contact.phone")}</dt>
          <dd>
            <a
              href={`tel:${phone.replace(/[^\d+]/g, "")}`}
              className="text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              {phone}
            </a>
          </dd>
        </div>
      ) : null}
      {email ? (
        <div>
          <dt className="text-sm font-semibold uppercase tracking-wide text-stone-500">{t("contact.emailLabel")}</dt>
          <dd>
            <a
              href={`mailto:${email}`}
              className="break-all text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              {email}
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
