import { cn } from "~/utils/cn";

/** A column of a table's heading row: its name, read only by screen readers when `srOnly`; amounts right-aligned. */
export type Column = { label: string; align?: "right"; srOnly?: boolean; className?: string };

/**
 * An office table's heading row (the admin's and the owners' lists): one `th scope="col"` per
 * column, a gap after each but the last.
 */
export function TableHead({
  columns,
  className,
  cellClassName,
}: {
  columns: Column[];
  className?: string;
  cellClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, i) => (
          <th
            key={`${i}-${column.label}`}
            scope="col"
            className={cn(
              "py-2",
              i < columns.length - 1 && "pr-4",
              column.align === "right" && "text-right",
              cellClassName,
              column.className,
            )}
          >
            {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
