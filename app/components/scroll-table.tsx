import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

/**
 * A public page's table: a caption for screen readers and a heading row. Below 640 px each row
 * is a card of its own, every cell on a line of its own under its heading's name (`Cell`), so
 * nothing needs sideways scrolling; above it the table scrolls sideways rather than squeezing,
 * and the box is focusable, so a keyboard can scroll it.
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
      className={cn("rounded-xl sm:overflow-x-auto sm:border sm:border-stone-200 sm:bg-white sm:shadow-sm", className)}
    >
      <table className="w-full text-left text-sm max-sm:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-brand-50 text-brand-900 max-sm:sr-only">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200 max-sm:block max-sm:space-y-3 max-sm:divide-y-0">{children}</tbody>
      </table>
    </div>
  );
}

/** A table row that is a card below 640 px (its cells in their `order`). */
export function Row({ children }: { children: ReactNode }) {
  return (
    <tr className="max-sm:flex max-sm:flex-col max-sm:rounded-xl max-sm:border max-sm:border-stone-200 max-sm:bg-white max-sm:py-2 max-sm:shadow-sm">
      {children}
    </tr>
  );
}

/**
 * A cell; below 640 px a line of its card, named by `label` (its column's heading) and placed by
 * `order` (`max-sm:order-…`).
 */
export function Cell({
  label,
  order,
  nowrap = false,
  className,
  children,
}: {
  label: string;
  order?: string;
  nowrap?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td
      data-label={label}
      className={cn(
        "px-4 py-3 max-sm:grid max-sm:grid-cols-[6.5rem_minmax(0,1fr)] max-sm:gap-3 max-sm:py-1.5 max-sm:[overflow-wrap:anywhere]",
        "max-sm:before:font-medium max-sm:before:text-stone-600 max-sm:before:content-[attr(data-label)]",
        nowrap && "sm:whitespace-nowrap",
        order,
        className,
      )}
    >
      {/* One grid item beside the label, however many parts the value has. */}
      <span>{children}</span>
    </td>
  );
}
