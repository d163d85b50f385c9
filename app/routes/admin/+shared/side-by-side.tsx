import type { ReactNode } from "react";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { LANGUAGE_NAMES } from "~/i18n/lang";
import { cn } from "~/utils/cn";

/**
 * A form's texts in both of the site's languages, side by side: English | Dansk (one above the
 * other on a phone). The English fields are the spec's, with its labels and limits; each Danish one
 * is labelled "(Danish)" (`inDanish`). A page shows its own language's text, the other where one
 * is empty (decision 0230).
 */
export function SideBySide({
  en,
  da,
  hint = true,
  className,
}: {
  en: ReactNode;
  da: ReactNode;
  /** The line saying how the two are shown (once per form). */
  hint?: boolean;
  className?: string;
}) {
  const t = useAdminT();
  const column = "grid content-start gap-4 rounded-lg border border-stone-200 p-4";
  const legend = "px-1 text-sm font-semibold text-brand-900";
  return (
    <div className={cn("grid gap-4 sm:col-span-2", className)}>
      {hint ? <p className="text-sm text-stone-600">{t("form.bothLanguagesHint")}</p> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <fieldset className={column}>
          <legend lang="en" className={legend}>
            {LANGUAGE_NAMES.en}
          </legend>
          {en}
        </fieldset>
        <fieldset className={column}>
          <legend lang="da" className={legend}>
            {LANGUAGE_NAMES.da}
          </legend>
          {da}
        </fieldset>
      </div>
    </div>
  );
}

/** The label of a text's Danish field: "Role (Danish)" / "Rolle (dansk)". */
export function useInDanish() {
  const t = useAdminT();
  return (label: string) => t("form.inDanish", { label });
}
