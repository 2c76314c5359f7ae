import { useEffect, useState, type RefObject } from "react";

type Listener = (entry: IntersectionObserverEntry) => void;
type Shared = { observer: IntersectionObserver; listeners: Map<Element, Set<Listener>> };

// One IntersectionObserver per threshold for the whole page, however many counters, meters
// and videos watch the viewport.
const shared = new Map<number, Shared>();

function observerFor(threshold: number): Shared {
  let entry = shared.get(threshold);
  if (!entry) {
    const listeners = new Map<Element, Set<Listener>>();
    const observer = new IntersectionObserver(
      (entries) => entries.forEach((e) => listeners.get(e.target)?.forEach((fn) => fn(e))),
      { threshold },
    );
    entry = { observer, listeners };
    shared.set(threshold, entry);
  }
  return entry;
}

/** Calls `listener` whenever `element` crosses `threshold` (share of it visible); returns the unsubscribe. */
export function observeVisibility(element: Element, threshold: number, listener: Listener): () => void {
  const { observer, listeners } = observerFor(threshold);
  let set = listeners.get(element);
  if (!set) {
    set = new Set();
    listeners.set(element, set);
    observer.observe(element);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) {
      listeners.delete(element);
      observer.unobserve(element);
    }
  };
}

type InViewOptions = {
  /** Share of the element that must be visible, 0 (any pixel) to 1. */
  threshold?: number;
  /** Stay true once the element has been seen (counters, meters, lazy loading). */
  once?: boolean;
};

/** Whether the element is in the viewport; false on the server and until the first observation. */
export function useInView(
  ref: RefObject<Element | null>,
  { threshold = 0, once = false }: InViewOptions = {},
) {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const stop = observeVisibility(element, threshold, (entry) => {
      const visible = entry.isIntersecting && entry.intersectionRatio >= threshold;
      setInView(visible);
      if (visible && once) stop();
    });
    return stop;
  }, [ref, threshold, once]);
  return inView;
}
