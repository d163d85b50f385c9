import { useSyncExternalStore } from "react";

const never = () => () => {};

/** False on the server and while the page hydrates, true once the page's script runs it. */
export function useHydrated() {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
