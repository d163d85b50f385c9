import type { Route } from "./+types/account";
import { SessionControls } from "~/auth/session-controls";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { LanguageChoice } from "~/components/ui/language-choice";
import { adminTranslator } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { setAdminLanguage } from "~/models/admin-language.server";
import { currentActor } from "~/platform/actor.server";
import { adminAction, intent } from "./+shared/admin-action.server";
import { languageSchema } from "./+shared/admin-forms";
import { adminMeta } from "./+shared/admin-meta";
import { IntentForm, useRecordForm } from "./+shared/form-parts";
import { TabPage, useTabForms } from "./+shared/tab-parts";
import { openTab } from "./+shared/tab-reads.server";

const PAGE = "/admin/account";

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await openTab(request);
  return { email: user.email, language: user.adminLang };
}

export const action = adminAction({
  tab: PAGE,
  otherFailure: "account.languageFailed",
  withoutIntent: "language",
  intents: {
    language: intent({
      schema: languageSchema,
      failure: "account.languageFailed",
      // The account is the administrator's own: the one adminAction() acts for.
      write: async ({ data }) => {
        const userId = currentActor()?.userId;
        return userId && (await setAdminLanguage(userId, data.language)) ? data.language : null;
      },
      // Said in the language just chosen.
      success: (language) => {
        const t = adminTranslator(language);
        return { title: { shown: t("account.languageSaved") }, description: { shown: t("account.languageSavedText") } };
      },
    }),
  },
});

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, language } = loaderData;
  const t = useAdminT();
  const { result } = useTabForms(actionData);
  const form = useRecordForm(languageSchema, result, "language");
  const chosen = form.val("language", language);
  return (
    <TabPage toasts={[result?.toast]}>
      <Card title={t("account.title")} titleId="account">
        <p className="text-stone-700">{t("account.signedInAs", { email })}</p>
      </Card>
      <Card title={t("account.language")} titleId="dashboard-language">
        <IntentForm intent="language" titleId="dashboard-language" onSubmit={form.onSubmit} className="space-y-4">
          <LanguageChoice
            legend={t("account.languageLabel")}
            hint={t("account.languageHint")}
            chosen={chosen}
            error={form.errors.language}
          />
          <SubmitButton busy={form.submitting} busyLabel={t("form.saving")}>
            {t("account.saveLanguage")}
          </SubmitButton>
        </IntentForm>
      </Card>
      <Card title={t("account.sessions")} titleId="sessions">
        <p className="mb-4 text-stone-700">{t("account.sessionsText")}</p>
        <SessionControls />
      </Card>
    </TabPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "tabs.account");
