import { useEffect } from "react";

/**
 * Buttons open and close dialogs with the HTML invoker attributes (commandfor/command),
 * which work without JavaScript in current browsers. For browsers that predate them,
 * this performs the same commands from one delegated click listener.
 */
export function useInvokerFallback() {
  useEffect(() => {
    if ("command" in HTMLButtonElement.prototype) return;
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest?.("button[commandfor]");
      if (!button) return;
      const target = document.getElementById(button.getAttribute("commandfor") ?? "");
      if (!(target instanceof HTMLDialogElement)) return;
      const command = button.getAttribute("command");
      if (command === "show-modal" && !target.open) target.showModal();
      if (command === "close" || command === "request-close") target.close();
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
}
