import { LANGS, LANGUAGE_NAMES, type Lang } from "~/i18n/lang";
import { fieldErrorClass } from "./field-classes";

/** English or Dansk as radio buttons named `language`, each named in its own language, with a hint and an error. */
export function LanguageChoice({
  legend,
  hint,
  chosen,
  error,
}: {
  legend: string;
  hint: string;
  chosen: Lang | string;
  error?: string;
}) {
  return (
    <fieldset aria-describedby="language-hint">
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-4">
        {LANGS.map((lang) => (
          <label key={lang} lang={lang} className="flex min-h-11 items-center gap-2 text-stone-900">
            <input
              type="radio"
              name="language"
              value={lang}
              defaultChecked={chosen === lang}
              className="h-4 w-4 accent-brand-700"
            />
            {LANGUAGE_NAMES[lang]}
          </label>
        ))}
      </div>
      <p id="language-hint" className="mt-1 text-xs text-stone-600">
        {hint}
      </p>
      {error ? <p className={fieldErrorClass}>{error}</p> : null}
    </fieldset>
  );
}
