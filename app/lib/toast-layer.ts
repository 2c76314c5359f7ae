// Keeps the toasts above an open modal dialog (side panel, mobile menu, search, video): a modal
// makes the rest of the page inert and covers it, so the toasts' layer (a manual popover, made
// by ToastHost) moves into the topmost open modal and is raised to the top layer again. Loaded
// with the toast library, on the first toast (app/lib/notify.ts).

function topModal(): HTMLDialogElement | undefined {
  return [...document.querySelectorAll("dialog")].filter((d) => d.matches(":modal")).at(-1);
}

function show(element: HTMLElement) {
  if (!element.isConnected) return;
  if (element.matches(":popover-open")) element.hidePopover();
  element.showPopover();
}

/** Puts the toasts' layer inside the topmost open modal (or the body) and on top of everything. */
export function raiseToastLayer(element: HTMLElement | null) {
  if (!element || typeof element.showPopover !== "function") return;
  const modal = topModal();
  const parent = modal ?? document.body;
  if (element.parentElement !== parent) parent.append(element);
  show(element);
  // When that modal closes, the toasts go back to the page.
  modal?.addEventListener(
    "close",
    () => {
      if (element.parentElement === modal) raiseToastLayer(element);
    },
    { once: true },
  );
}
