/**
 * A trap for bots that fill every field: off-screen, hidden from assistive technology, never in the
 * tab order. A form that comes back with it filled is answered as if sent and dropped.
 */
export function HoneypotField({ name, label }: { name: string; label: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label>
        {label}
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
