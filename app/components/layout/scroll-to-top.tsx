import { Icon } from "#app/components/ui/icon.tsx";
import { useScrolled } from "#app/hooks/use-scrolled.ts";
import { cn } from "#app/lib/cn.ts";

/** Appears once the page is scrolled past 200 px; focus moves to the top with the view. */
export function ScrollToTop() {
  const visible = useScrolled(200);
  return (
    <button
      type="button"
      aria-hidden={!visible}
      tabIndex={visible ? 0 : -1}
      onClick={() => {
        window.scrollTo({ top: 0 });
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
      className={cn(
        "fixed right-5 bottom-5 z-30 grid size-12 place-items-center rounded-full bg-primary text-on-primary shadow-card transition-[opacity,translate] duration-300 hover:bg-primary-hover",
        visible ? "translate-y-0 opacity-100" : "pointer-events-none translate-y-4 opacity-0",
      )}
    >
      <Icon name="arrow-up" className="size-5" />
      <span className="sr-only">Back to top</span>
    </button>
  );
}
