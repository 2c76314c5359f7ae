import { useSyncExternalStore } from "react";

// Whether the page's script has taken over (hydration done). A button that works only with
// JavaScript (a passkey ceremony) is disabled in the server's HTML and until then: a press in
// that window would be lost silently (issue 26; scripts load after the first paint, decision 007).

const subscribe = () => () => {};

/** False on the server and while hydrating; true once the page's script runs. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
