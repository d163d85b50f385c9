import { data, Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/ownership";
import type { loader as rootLoader } from "~/root";
import { PLAIN_PAGE } from "~/routes/+shared/route-handle";
import { PageIntro } from "~/components/page-intro";
import { ReadFailed } from "~/components/read-failed";
import { buttonClass } from "~/components/ui/button";
import { ResponsiveImage, THREE_COLUMN_CARD_SIZES } from "~/media/responsive-image";
import { listHorsesWithShares, type Horse } from "~/models/horse.server";
import { both } from "~/models/bilingual";
import { DEFAULT_SITE_SETTINGS, stableNameFrom } from "~/models/site-settings";
import { FAILED_READ_INIT, readForPage } from "~/platform/public-read.server";
import { seo } from "~/seo/seo";
import { translator } from "~/i18n/dictionary";
import { ownershipTextIn } from "~/i18n/home-texts";
import { horseFacts } from "~/i18n/horse-facts";
import { langFromPath } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { useLang, useShown, useT } from "~/i18n/use-lang";
import { enquiryPath } from "~/contact/enquiry";
import { cn } from "~/utils/cn";

export const handle = PLAIN_PAGE;

/**
 * What owning a horse with the stable means (the Site tab's text, in both languages), and the
 * horses with shares available, each with a way to ask about it through the contact form.
 */
export async function loader() {
  const horses = await readForPage("horses with shares", listHorsesWithShares);
  if (!horses.ok) return data({ failed: true as const, horses: [] as Horse[] }, FAILED_READ_INIT);
  return { failed: false as const, horses: horses.value };
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function OwnershipPage({ loaderData }: Route.ComponentProps) {
  const { failed, horses } = loaderData;
  const site = useRouteLoaderData<typeof rootLoader>("root")?.site ?? DEFAULT_SITE_SETTINGS;
  const lang = useLang();
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
      <PageIntro eyebrow={t("ownership.eyebrow")} title={t("ownership.title")}>
        {ownershipTextIn(site, lang).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </PageIntro>
      <section aria-labelledby="shares" className="mt-14">
        <h2 id="shares" className="text-center text-3xl font-bold text-brand-900">
          {t("ownership.sharesHeading")}
        </h2>
        {failed ? (
          <ReadFailed heading={t("ownership.errorHeading")} text={t("ownership.errorText")} />
        ) : horses.length === 0 ? (
          <p className="mt-8 text-center text-lg text-stone-600">
            {t("ownership.sharesEmpty")}{" "}
            <Link to={pathTo("contact", { lang })} className="font-medium text-brand-700 underline">
              {t("nav.contact")}
            </Link>
          </p>
        ) : (
          <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {horses.map((horse, index) => (
              <li key={horse.id}>
                <ShareCard horse={horse} priority={index === 0} eager={index < 3} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ShareCard({ horse, priority, eager }: { horse: Horse; priority: boolean; eager: boolean }) {
  const t = useT();
  const lang = useLang();
  const shown = useShown();
  const shares = shown.show(both(horse, "sharesText"));
  const headingId = `share-${horse.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      <ResponsiveImage
        image={horse.image}
        alt={horse.image ? horse.name : ""}
        sizes={THREE_COLUMN_CARD_SIZES}
        priority={priority}
        eager={eager}
        className="aspect-[4/3] w-full bg-stone-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <h3 id={headingId} className="text-2xl font-bold text-brand-900">
          {horse.name}
        </h3>
        <p className="mt-1 text-stone-600">{horseFacts(horse, lang, t)}</p>
        <p className="mt-1 text-stone-600">
          {horse.sire} × {horse.dam}
        </p>
        {shares.text ? (
          <p
            lang={shown.lang(shares)}
            className="mt-4 self-start rounded-full bg-gold-300 px-3 py-1 text-sm font-semibold text-stone-900"
          >
            {shares.text}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 pt-5">
          <Link to={enquiryPath(horse.slug, lang)} className={cn(buttonClass.primary, "px-4 py-2")}>
            {t("ownership.enquire", { horse: horse.name })}
          </Link>
          <Link
            to={pathTo("horse", { slug: horse.slug, lang })}
            className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
          >
            {t("ownership.seeHorse", { horse: horse.name })}
          </Link>
        </div>
      </div>
    </article>
  );
}

export function meta(args: Route.MetaArgs) {
  const t = translator(langFromPath(args.location.pathname));
  const name = stableNameFrom(args.matches);
  return seo(args, {
    title: t("ownership.metaTitle", { name }),
    description: t("ownership.metaDescription", { name }),
  });
}
