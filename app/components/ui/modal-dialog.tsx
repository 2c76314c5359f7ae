import { Icon } from "#app/components/ui/icon.tsx";
import { cn } from "#app/lib/cn.ts";

/**
 * A native modal <dialog> that closes on Escape and on a click on its backdrop: `closedby="any"`
 * where the browser supports it, a click handler where it does not (a click on the backdrop
 * lands on the dialog element itself). Keyboard users close with Escape or a close button.
 */
export function ModalDialog(props: React.ComponentProps<"dialog">) {
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      closedby="any"
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      {...props}
    />
  );
}

/** The button that closes the dialog `dialog` (an invoker command: no JavaScript needed). */
export function CloseButton({
  dialog,
  label,
  className,
  iconClassName = "size-5",
}: {
  dialog: string;
  label: string;
  className: string;
  iconClassName?: string;
}) {
  return (
    <button
      type="button"
      commandfor={dialog}
      command="close"
      className={cn("grid size-11 place-items-center rounded-full", className)}
    >
      <Icon name="x" className={iconClassName} />
      <span className="sr-only">{label}</span>
    </button>
  );
}
