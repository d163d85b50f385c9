import type { ButtonHTMLAttributes, ReactNode } from "react";
import { cn } from "~/utils/cn";

const base =
  "inline-flex items-center justify-center rounded-md text-sm disabled:cursor-not-allowed focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500";

/** The site's button looks, for `<button>` and for links that act as buttons. */
export const buttonClass = {
  primary: cn(
    base,
    "gap-2 bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-60",
  ),
  secondary: cn(
    base,
    "gap-2 border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100 disabled:opacity-60",
  ),
  small: cn(
    base,
    "gap-1 border border-stone-300 bg-white px-3 py-1.5 font-medium text-stone-800 hover:bg-stone-100 disabled:opacity-40",
  ),
  danger: cn(
    base,
    "gap-1 border border-red-300 bg-white px-3 py-1.5 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60",
  ),
};

export type ButtonVariant = keyof typeof buttonClass;

/** A submit button that says what it is doing while its form is being sent, and cannot be pressed twice. */
export function SubmitButton({
  busy,
  busyLabel,
  variant = "primary",
  className,
  children,
  disabled,
  ...props
}: {
  busy: boolean;
  busyLabel: string;
  variant?: ButtonVariant;
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "children">) {
  return (
    <button type="submit" disabled={busy || disabled} className={cn(buttonClass[variant], className)} {...props}>
      {busy ? busyLabel : children}
    </button>
  );
}
