import { lazy, Suspense, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { onFirstToast, setToastLayer } from "#app/lib/notify.ts";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/**
 * Mounts the toaster (top-right, 5 s, pause on hover, swipe to dismiss, Alt+T) on first use, in a
 * layer of its own (a manual popover, so it can sit in the top layer above an open modal dialog;
 * app/lib/notify.ts moves it there).
 */
export function ToastHost() {
  const [layer, setLayer] = useState<HTMLElement | null>(null);
  useEffect(
    () =>
      onFirstToast(() => {
        const element = document.createElement("div");
        element.setAttribute("popover", "manual");
        element.className = "toast-layer";
        document.body.append(element);
        setLayer(element);
        setToastLayer(element);
      }),
    [],
  );
  if (!layer) return null;
  return createPortal(
    <Suspense>
      <Toaster
        position="top-right"
        duration={5000}
        theme="light"
        hotkey={["altKey", "KeyT"]}
        richColors
        closeButton
      />
    </Suspense>,
    layer,
  );
}
