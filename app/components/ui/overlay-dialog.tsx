import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { CloseButton, ModalDialog } from "#app/components/ui/modal-dialog.tsx";
import { cn } from "#app/lib/cn.ts";

type Placement = "left" | "right" | "top";

const placements: Record<Placement, string> = {
  left: "mr-auto ml-0 h-dvh max-h-none w-[min(24rem,88vw)] translate-x-0 starting:-translate-x-full",
  right: "mr-0 ml-auto h-dvh max-h-none w-[min(26rem,92vw)] translate-x-0 starting:translate-x-full",
  top: "mt-0 w-full max-w-none starting:-translate-y-full",
};

type OverlayDialogProps = Omit<React.ComponentProps<"dialog">, "title"> & {
  id: string;
  title: string;
  placement: Placement;
  /** Hide the title visually (it still names the dialog for screen readers). */
  hideTitle?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/**
 * A modal dialog opened by any `<button commandfor={id} command="show-modal">`.
 * The browser traps focus, closes it on Escape (and on a backdrop click with closedby)
 * and returns focus to the opener. It also closes when the visitor navigates.
 */
export function OverlayDialog({
  id,
  title,
  placement,
  hideTitle,
  onOpenChange,
  className,
  children,
  ...props
}: OverlayDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const { pathname, search } = useLocation();
  const where = pathname + search;
  const shownAt = useRef(where);

  // Only when the address changes: a visitor may open the dialog before the page's script has
  // started (the button works without it), and starting must not close it under them.
  useEffect(() => {
    if (shownAt.current === where) return;
    shownAt.current = where;
    ref.current?.close();
  }, [where]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !onOpenChange) return;
    const onToggle = () => onOpenChange(dialog.open);
    dialog.addEventListener("toggle", onToggle);
    dialog.addEventListener("close", onToggle);
    return () => {
      dialog.removeEventListener("toggle", onToggle);
      dialog.removeEventListener("close", onToggle);
    };
  }, [onOpenChange]);

  return (
    <ModalDialog
      ref={ref}
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn(
        "bg-surface p-0 text-ink shadow-2xl transition-[translate,display,overlay] transition-discrete duration-300 ease-out-soft backdrop:bg-brand-950/60 backdrop:backdrop-blur-sm",
        placements[placement],
        className,
      )}
      {...props}
    >
      <div className="flex items-center justify-between gap-4 border-b border-line px-6 py-4">
        <h2 id={`${id}-title`} className={cn("text-lg", hideTitle && "sr-only")}>
          {title}
        </h2>
        <CloseButton
          dialog={id}
          label={`Close ${title.toLowerCase()}`}
          className="ml-auto border border-line hover:border-primary hover:text-primary-ink"
        />
      </div>
      {children}
    </ModalDialog>
  );
}
