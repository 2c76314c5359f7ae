// Toasts are loaded on first use: the toast library is not part of any page's initial JS.
// A toast raised while a modal dialog is open (side panel, mobile menu, search, video) must show
// above it: a modal makes the rest of the page inert and covers it, so the toasts' layer (a
// popover, ToastHost) moves into the topmost open modal and is raised to the top layer again.
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
  if (element) raiseToastLayer();
}

function topModal(): HTMLDialogElement | undefined {
  return [...document.querySelectorAll("dialog")].filter((d) => d.matches(":modal")).at(-1);
}

function show(element: HTMLElement) {
  if (!element.isConnected) return;
  if (element.matches(":popover-open")) element.hidePopover();
  element.showPopover();
}

/** Puts the toasts' layer inside the topmost open modal (or the body) and on top of everything. */
function raiseToastLayer() {
  const element = layer;
  if (!element || typeof element.showPopover !== "function") return;
  const modal = topModal();
  const parent = modal ?? document.body;
  if (element.parentElement !== parent) parent.append(element);
  show(element);
  // When that modal closes, the toasts go back to the page.
  modal?.addEventListener(
    "close",
    () => {
      if (element.parentElement === modal) raiseToastLayer();
    },
    { once: true },
  );
}

export async function notify(kind: Kind, message: string, description?: string): Promise<void> {
  if (!requested) {
    requested = true;
    listeners.forEach((l) => l());
    listeners.clear();
  }
  raiseToastLayer();
  const { toast } = await import("sonner");
  raiseToastLayer();
  toast[kind](message, description ? { description } : undefined);
}
