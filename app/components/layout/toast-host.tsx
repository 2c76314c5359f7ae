import { lazy, Suspense, useEffect, useState } from "react";
import { onFirstToast } from "#app/lib/notify.ts";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** Mounts the toaster (top-right, 5 s, pause on hover, swipe to dismiss, Alt+T) on first use. */
export function ToastHost() {
  const [active, setActive] = useState(false);
  useEffect(() => onFirstToast(() => setActive(true)), []);
  if (!active) return null;
  return (
    <Suspense>
      <Toaster
        position="top-right"
        duration={5000}
        theme="light"
        hotkey={["altKey", "KeyT"]}
        richColors
        closeButton
      />
    </Suspense>
  );
}
