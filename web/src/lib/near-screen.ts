/** How far outside the screen an element counts as near: about three phone cards, one flick of a finger. */
export const NEAR_SCREEN_PX = 300;

const callbacks = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;

function nearScreenObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const callback = callbacks.get(entry.target);
        callbacks.delete(entry.target);
        observer?.unobserve(entry.target);
        callback?.();
      }
    },
    { rootMargin: `${NEAR_SCREEN_PX}px` },
  );
  return observer;
}

/**
 * Calls `callback` once, when `element` first comes within NEAR_SCREEN_PX of the screen (soon after this call if
 * it already is). One observer watches every element, so a list of a hundred rows costs one observer, not a
 * hundred, and no scroll handler reads the layout. Returns a function that stops watching.
 */
export function whenNearScreen(element: Element, callback: () => void): () => void {
  callbacks.set(element, callback);
  nearScreenObserver().observe(element);
  return () => {
    if (callbacks.get(element) !== callback) return;
    callbacks.delete(element);
    observer?.unobserve(element);
  };
}
