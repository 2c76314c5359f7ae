import { afterEach, describe, expect, it, vi } from "vitest";

// A stand-in IntersectionObserver that records instances and lets the test fire entries.
class FakeObserver {
  static instances: FakeObserver[] = [];
  observed = new Set<Element>();
  callback: (entries: IntersectionObserverEntry[]) => void;
  options: IntersectionObserverInit;
  constructor(callback: (entries: IntersectionObserverEntry[]) => void, options: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    FakeObserver.instances.push(this);
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  fire(target: Element, isIntersecting: boolean) {
    this.callback([
      { target, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 } as IntersectionObserverEntry,
    ]);
  }
}

afterEach(() => {
  FakeObserver.instances = [];
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function load() {
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  return import("./use-in-view.ts");
}

describe("observeVisibility", () => {
  it("shares one observer per threshold between all elements", async () => {
    const { observeVisibility } = await load();
    const [a, b, c] = [{}, {}, {}] as Element[];
    observeVisibility(a!, 0.5, () => {});
    observeVisibility(b!, 0.5, () => {});
    observeVisibility(c!, 0, () => {});
    expect(FakeObserver.instances.map((o) => o.options.threshold)).toEqual([0.5, 0]);
    expect(FakeObserver.instances[0]!.observed.size).toBe(2);
  });

  it("calls only the listeners of the element that changed, and stops observing when the last leaves", async () => {
    const { observeVisibility } = await load();
    const [a, b] = [{}, {}] as Element[];
    const seenA = vi.fn();
    const seenB = vi.fn();
    const stopA = observeVisibility(a!, 0, seenA);
    const stopA2 = observeVisibility(a!, 0, () => {});
    observeVisibility(b!, 0, seenB);
    const observer = FakeObserver.instances[0]!;
    observer.fire(a!, true);
    expect(seenA).toHaveBeenCalledTimes(1);
    expect(seenB).not.toHaveBeenCalled();
    stopA();
    expect(observer.observed.has(a!)).toBe(true);
    stopA2();
    expect(observer.observed.has(a!)).toBe(false);
    observer.fire(a!, true);
    expect(seenA).toHaveBeenCalledTimes(1);
  });
});
