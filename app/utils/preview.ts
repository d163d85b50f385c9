/** A text's beginning on one line, at most `length` characters, with '…' when it goes on. */
export function preview(text: string, length: number) {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}
