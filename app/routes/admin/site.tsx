import type { Route } from "./+types/site";
import { Card } from "~/components/ui/card";
import { FormError, TextAreaField } from "~/components/ui/field";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { ownTextOrNull, standardHomeTexts, standardOwnershipText } from "~/i18n/home-texts";
import { IntentForm, RecordImageField, SaveOrCancel, useRecordForm } from "./+shared/form-parts";
import { TabPage, useTabForms } from "./+shared/tab-parts";
import { SideBySide } from "./+shared/side-by-side";
import { getSiteSettings } from "~/models/site-settings.server";
import { DEFAULT_SITE_SETTINGS, SOCIAL_NETWORKS, type SiteSettings } from "~/models/site-settings";
import { adminAction, intent, Refused } from "./+shared/admin-action.server";
import { openTab, readForTab } from "./+shared/tab-reads.server";
import { siteSchema } from "./+shared/admin-forms";
import { saveSiteSettings } from "~/models/site-settings.server";
import { adminMeta } from "./+shared/admin-meta";
import { DhSettingsCard } from "./+shared/dh-settings";
import { dhSettingsIntents } from "./+shared/dh-settings.server";
import { DEFAULT_DH_SETTINGS, getDhSettings } from "~/dh/dh-settings.server";
import { getStableBillingDetails, saveStableBillingDetails } from "~/models/billing-details.server";
import { stableDetailsSchema } from "./+shared/billing-forms";
import { InvoicingDetails, invoicingValues, EMPTY_INVOICING } from "./+shared/invoicing-details";

const TAB = "/admin/site";

/** A logo is shown in the header and in mail, where not every program draws AVIF. */
const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
const LOGO_EXTENSION = /\.(png|jpe?g|webp)$/i;

/** The form's values: the stable's own texts, or the standard ones it would otherwise show. */
function formValues(site: SiteSettings) {
  const en = standardHomeTexts("en");
  const da = standardHomeTexts("da");
  return {
    stableName: site.stableName,
    tagline: site.tagline,
    taglineDa: site.taglineDa,
    heroAltEn: site.heroAlt.en,
    heroAltDa: site.heroAlt.da,
    excellenceEn: site.excellence.en ?? en.excellence,
    excellenceDa: site.excellence.da ?? da.excellence,
    careEn: site.care.en ?? en.care,
    careDa: site.care.da ?? da.care,
    ownershipEn: site.ownership.en ?? standardOwnershipText("en"),
    ownershipDa: site.ownership.da ?? standardOwnershipText("da"),
    ...site.social,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await openTab(request);
  const [site, invoicing, dh] = await Promise.all([
    readForTab(t, "site", () => getSiteSettings(), DEFAULT_SITE_SETTINGS),
    readForTab(t, "invoicing", async () => invoicingValues(await getStableBillingDetails()), EMPTY_INVOICING),
    readForTab(t, "dhSettings", () => getDhSettings(), DEFAULT_DH_SETTINGS),
  ]);
  return {
    dh: dh.value,
    dhError: dh.error,
    values: formValues(site.value),
    logo: site.value.logo,
    hero: site.value.hero,
    invoicing: invoicing.value,
    fetchError: site.error,
    invoicingError: invoicing.error,
  };
}

export const action = adminAction({
  tab: TAB,
  otherFailure: "site.failed",
  withoutIntent: "save",
  intents: {
    save: intent({
      schema: siteSchema,
      failure: "site.failed",
      images: {
        logo: { bucket: "horse-images" },
        hero: { bucket: "horse-images", socialCard: true },
      },
      write: ({ data, images }) => {
        if (images.logo && !LOGO_EXTENSION.test(images.logo.url)) {
          throw new Refused({ errors: { logo: "site.logoType" } });
        }
        return saveSiteSettings({
          ...data,
          excellenceEn: ownTextOrNull(data.excellenceEn, "en", "excellence"),
          excellenceDa: ownTextOrNull(data.excellenceDa, "da", "excellence"),
          careEn: ownTextOrNull(data.careEn, "en", "care"),
          careDa: ownTextOrNull(data.careDa, "da", "care"),
          ownershipEn: ownTextOrNull(data.ownershipEn, "en", "ownership"),
          ownershipDa: ownTextOrNull(data.ownershipDa, "da", "ownership"),
          logo: images.logo,
          hero: images.hero,
        });
      },
      success: { title: "site.saved", description: "site.savedText" },
    }),
    ...dhSettingsIntents,
    // The stable as the seller on its invoices (kept apart from the settings every page reads).
    invoicing: intent({
      schema: stableDetailsSchema,
      failure: "invoicing.failed",
      write: async ({ data }) => {
        await saveStableBillingDetails(data);
        return true;
      },
      success: { title: "invoicing.saved", description: "invoicing.savedText", show: "invoicing" },
    }),
  },
});

export default function SiteTab({ loaderData, actionData }: Route.ComponentProps) {
  const { values, logo, hero, fetchError, dh, dhError, invoicing, invoicingError } = loaderData;
  const t = useAdminT();
  const { result } = useTabForms(actionData);
  const form = useRecordForm(siteSchema, result?.intent === "save" ? result : undefined, "save", values);
  const { errors, onSubmit, submitting, val, field } = form;
  type Text = "excellenceEn" | "excellenceDa" | "careEn" | "careDa" | "ownershipEn" | "ownershipDa";
  const text = (name: Text, label: string, max: number) => (
    <TextAreaField
      label={label}
      name={name}
      lang={name.endsWith("Da") ? "da" : "en"}
      rows={name.startsWith("care") ? 4 : 7}
      maxLength={max}
      defaultValue={val(name, values[name])}
      error={errors[name]}
    />
  );
  return (
    <TabPage toasts={[fetchError, dhError, invoicingError, result?.toast]}>
      <Card title={t("site.title")} titleId="site-settings">
        {fetchError ? <FormError message={t("fetch.site")} /> : null}
        <p className="mb-4 text-stone-700">{t("site.intro")}</p>
        <IntentForm
          intent="save"
          titleId="site-settings"
          onSubmit={onSubmit}
          multipart
          className="grid max-w-5xl gap-8"
        >
          <fieldset className="grid gap-4">
            <legend className="mb-2 text-lg font-semibold text-brand-900">{t("site.identity")}</legend>
            {field("stableName", t("site.stableName"), { required: true, maxLength: 100 })}
            <SideBySide
              hint={false}
              en={field("tagline", t("site.taglineEn"), { required: true, maxLength: 200, lang: "en" })}
              da={field("taglineDa", t("site.taglineDa"), { required: true, maxLength: 200, lang: "da" })}
            />
            <RecordImageField
              form={form}
              name="logo"
              label={t("site.logo")}
              current={logo}
              alt={t("site.logo")}
              only={{
                types: LOGO_TYPES,
                hint: (limit) => t("site.logoHint", { limit }),
                refused: t("site.logoType"),
              }}
            />
            {logo ? <Checkbox name="removeLogo" label={t("site.removeLogo")} /> : null}
          </fieldset>
          <fieldset className="grid gap-4">
            <legend className="mb-2 text-lg font-semibold text-brand-900">{t("site.heroSection")}</legend>
            <RecordImageField
              form={form}
              name="hero"
              label={t("site.hero")}
              current={hero}
              alt={values.heroAltEn}
              note={t("site.heroHint")}
            />
            {hero ? <Checkbox name="removeHero" label={t("site.removeHero")} /> : null}
            <SideBySide
              en={field("heroAltEn", t("site.heroAltEn"), { maxLength: 200, lang: "en", hint: t("site.heroAltHint") })}
              da={field("heroAltDa", t("site.heroAltDa"), { maxLength: 200, lang: "da" })}
            />
          </fieldset>
          <fieldset className="grid gap-4">
            <legend className="mb-2 text-lg font-semibold text-brand-900">{t("site.textsSection")}</legend>
            <p className="text-sm text-stone-600">{t("site.textsHint")}</p>
            <SideBySide
              hint={false}
              en={
                <>
                  {text("excellenceEn", t("site.excellenceEn"), 2000)}
                  {text("careEn", t("site.careEn"), 1000)}
                </>
              }
              da={
                <>
                  {text("excellenceDa", t("site.excellenceDa"), 2000)}
                  {text("careDa", t("site.careDa"), 1000)}
                </>
              }
            />
          </fieldset>
          <fieldset className="grid gap-4">
            <legend className="mb-2 text-lg font-semibold text-brand-900">{t("site.ownershipSection")}</legend>
            <p className="text-sm text-stone-600">{t("site.ownershipHint")}</p>
            <SideBySide
              hint={false}
              en={text("ownershipEn", t("site.ownershipEn"), 3000)}
              da={text("ownershipDa", t("site.ownershipDa"), 3000)}
            />
          </fieldset>
          <fieldset className="grid gap-4">
            <legend className="mb-2 text-lg font-semibold text-brand-900">{t("site.socialSection")}</legend>
            <p className="text-sm text-stone-600">{t("site.socialHint")}</p>
            {SOCIAL_NETWORKS.map((network) => (
              <div key={network}>
                {field(network, t(`site.${network}`), {
                  type: "url",
                  inputMode: "url",
                  maxLength: 500,
                  placeholder: "https://",
                })}
              </div>
            ))}
          </fieldset>
          <SaveOrCancel submitting={submitting} label={t("site.save")} />
        </IntentForm>
      </Card>
      <InvoicingDetails
        values={invoicing}
        result={result?.intent === "invoicing" ? result : undefined}
        fetchError={!!invoicingError}
      />
      <DhSettingsCard settings={dh} result={result} failed={dhError !== null} />
    </TabPage>
  );
}

function Checkbox({ name, label }: { name: string; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm text-stone-800">
      <input type="checkbox" name={name} className="h-4 w-4 rounded border-stone-300" />
      {label}
    </label>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "tabs.site");
