import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

/**
 * A public page's table: a caption for screen readers, a heading row, and on narrow screens it
 * scrolls sideways rather than squeezing. The box is focusable, so a keyboard can scroll it.
 */
export function ScrollTable({
  label,
  caption = label,
  headings,
  className,
  children,
}: {
  /** The scroll box's name. */
  label: string;
  caption?: string;
  headings: string[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      tabIndex={0}
      className={cn("overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm", className)}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-brand-50 text-brand-900">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">{children}</tbody>
      </table>
    </div>
  );
}
