// Toasts are loaded on first use: the toast library is not part of any page's initial JS, nor is
// what keeps them above an open modal (app/lib/toast-layer.ts).
type Kind = "success" | "error";
type Listener = () => void;

let requested = false;
const listeners = new Set<Listener>();
let layer: HTMLElement | null = null;

/** Called by the toast host: runs `listener` once a toast has been asked for. */
export function onFirstToast(listener: Listener): () => void {
  if (requested) listener();
  else listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the toast host with the element its toaster renders into. */
export function setToastLayer(element: HTMLElement | null) {
  layer = element;
}

export async function notify(kind: Kind, message: string, description?: string): Promise<void> {
  // The code first, then the host: offline before it was ever fetched, there is no toast (the
  // form's own alert or status says the same) rather than a host whose import failed, which
  // would take the page to its error boundary. Sonner shows a toast made before its host.
  const [{ toast }, { raiseToastLayer }] = await Promise.all([
    import("sonner"),
    import("#app/lib/toast-layer.ts"),
  ]);
  if (!requested) {
    requested = true;
    listeners.forEach((l) => l());
    listeners.clear();
  }
  raiseToastLayer(layer);
  toast[kind](message, description ? { description } : undefined);
}
