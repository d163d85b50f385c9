import { useT } from "~/i18n/use-lang";
import { pathTo } from "~/pages/registry";

/** A link to subscribe to a horse's runs (its /horses/<slug>.ics feed). */
export function HorseCalendarLink({ slug, horseName }: { slug: string; horseName: string }) {
  const t = useT();
  return (
    <p className="mt-4">
      <a
        href={pathTo("horse-ics", { slug })}
        className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        type="text/calendar"
      >
        {t("horse.addToCalendar", { horse: horseName })}
      </a>
    </p>
  );
}
