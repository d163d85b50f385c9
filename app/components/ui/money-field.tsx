import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { readMoneyText } from "~/racing/money-schema";
import { formatDkk } from "~/racing/format";
import { cn } from "~/utils/cn";
import { controlClass } from "./field-classes";
import { fieldDescription, FieldShell } from "./field";

/** What a money field's text is read as, for its echo: '= 25.000,00 kr.', or nothing while it is no amount. */
export function moneyEcho(text: string): string | null {
  const reading = readMoneyText(text);
  return "ore" in reading && reading.ore !== null ? `= ${formatDkk(reading.ore)}` : null;
}

type MoneyFieldProps = {
  label: string;
  name: string;
  /** The text shown first: what was typed before a refused save, or the amount saved ('25.000,00'). */
  defaultValue: string;
  hint?: ReactNode;
  error?: string;
  markRequired?: boolean;
  id?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "inputMode" | "defaultValue" | "value" | "name" | "id">;

/**
 * Every amount an administrator types: a text field (not a number field, which would read
 * '25.000' as 25) taking kroner the Danish way, with the amount it understood under it, '= 25.000,00 kr.',
 * updated as one types and, without JavaScript, shown again with the form's answer. The form's
 * schema reads the same text with `moneyAmount()` (app/racing/money-schema.ts).
 */
export function MoneyField({
  label,
  name,
  defaultValue,
  hint,
  error,
  markRequired,
  id,
  className,
  onChange,
  ...input
}: MoneyFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const [text, setText] = useState(defaultValue);
  const echo = moneyEcho(text);
  const echoId = `${fieldId}-amount`;
  const describedBy = [fieldDescription(fieldId, { hint, error }).describedBy, echoId].filter(Boolean).join(" ");
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} markRequired={markRequired}>
      <div className="flex flex-wrap items-baseline gap-x-3">
        <input
          {...input}
          id={fieldId}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={input.maxLength ?? 40}
          defaultValue={defaultValue}
          onChange={(event) => {
            setText(event.currentTarget.value);
            onChange?.(event);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(controlClass, "min-w-0 flex-1 basis-40 tabular-nums", className)}
        />
        <p id={echoId} aria-live="polite" className="mt-1 text-sm font-medium tabular-nums text-stone-800">
          {echo}
        </p>
      </div>
    </FieldShell>
  );
}
