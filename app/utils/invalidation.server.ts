type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * The one invalidation point for public content. Every model function that changes what a visitor
 * can see calls contentChanged() after its write has committed; caches subscribe here.
 */
export function contentChanged() {
  for (const listener of listeners) listener();
}

export function onContentChange(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
