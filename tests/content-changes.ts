import { onContentChange } from "~/platform/invalidation.server";

/** Counts contentChanged() signals until stop() (a public-content write must send exactly one). */
export function countChanges() {
  let n = 0;
  const stop = onContentChange(() => (n += 1));
  return {
    get count() {
      return n;
    },
    stop,
  };
}
