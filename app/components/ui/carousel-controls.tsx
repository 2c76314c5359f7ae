import { Icon } from "#app/components/ui/icon.tsx";
import { cn } from "#app/lib/cn.ts";

// The controls every carousel shares (WAI-ARIA APG carousel): a rotation control that names
// the action it performs, previous/next buttons and one button per slide.

type Tone = "light" | "dark";

const round: Record<Tone, string> = {
  // On dark media (hero) and on the page's own surfaces.
  light:
    "border-white/40 bg-white/10 text-white backdrop-blur-sm hover:border-white hover:bg-white hover:text-brand-900",
  dark: "border-line bg-surface text-ink hover:border-primary hover:bg-primary hover:text-on-primary",
};
const roundBase =
  "grid size-12 shrink-0 place-items-center rounded-full border transition-colors duration-200";

type RotationButtonProps = React.ComponentProps<"button"> & {
  playing: boolean;
  /** What rotates, e.g. "slide show". */
  what: string;
  tone?: Tone;
};

export function RotationButton({ playing, what, tone = "dark", className, ...props }: RotationButtonProps) {
  return (
    <button type="button" className={cn(roundBase, round[tone], className)} {...props}>
      <Icon name={playing ? "pause" : "play"} className="size-5" />
      <span className="sr-only">{playing ? `Stop automatic ${what}` : `Start automatic ${what}`}</span>
    </button>
  );
}

type StepButtonsProps = React.ComponentProps<"div"> & {
  onPrev: () => void;
  onNext: () => void;
  controls: string;
  /** Singular name of a slide, e.g. "slide". */
  item: string;
  tone?: Tone;
};

export function StepButtons({
  onPrev,
  onNext,
  controls,
  item,
  tone = "dark",
  className,
  ...props
}: StepButtonsProps) {
  return (
    <div className={cn("flex gap-3", className)} {...props}>
      <button type="button" aria-controls={controls} onClick={onPrev} className={cn(roundBase, round[tone])}>
        <Icon name="chevron-left" className="size-5" />
        <span className="sr-only">Previous {item}</span>
      </button>
      <button type="button" aria-controls={controls} onClick={onNext} className={cn(roundBase, round[tone])}>
        <Icon name="chevron-right" className="size-5" />
        <span className="sr-only">Next {item}</span>
      </button>
    </div>
  );
}

type SlidePickerProps = React.ComponentProps<"div"> & {
  count: number;
  index: number;
  onPick: (index: number) => void;
  controls: string;
  item: string;
  tone?: Tone;
  /** Shows the time left on the current slide while rotating (ms), or nothing. */
  progress?: { duration: number; running: boolean };
};

/** One button per slide; the current one is marked and, while rotating, fills up with time. */
export function SlidePicker({
  count,
  index,
  onPick,
  controls,
  item,
  tone = "dark",
  progress,
  className,
  ...props
}: SlidePickerProps) {
  return (
    <div className={cn("flex items-center gap-1", className)} {...props}>
      {Array.from({ length: count }, (_, i) => {
        const current = i === index;
        return (
          <button
            key={i}
            type="button"
            aria-controls={controls}
            aria-current={current ? "true" : undefined}
            onClick={() => onPick(i)}
            className="group grid h-11 min-w-6 place-items-center px-1"
          >
            <span
              className={cn(
                "relative block h-1.5 overflow-hidden rounded-full transition-[width,background-color] duration-500 ease-out-soft",
                current ? "w-12" : "w-6",
                tone === "light" ? "bg-white/40 group-hover:bg-white/70" : "bg-ink/20 group-hover:bg-ink/40",
              )}
            >
              {current && (
                <span
                  key={`${index}`}
                  style={progress ? { animationDuration: `${progress.duration}ms` } : undefined}
                  className={cn(
                    "absolute inset-0 origin-left rounded-full",
                    tone === "light" ? "bg-amber-accent" : "bg-primary",
                    progress && "motion-safe:animate-progress",
                    progress && !progress.running && "[animation-play-state:paused]",
                  )}
                />
              )}
            </span>
            <span className="sr-only">
              Show {item} {i + 1} of {count}
            </span>
          </button>
        );
      })}
    </div>
  );
}

type SlideProps = React.ComponentProps<"div"> & {
  /** 0-based position of this slide. */
  index: number;
  count: number;
};

/** One slide, named "n of count" for assistive technology (APG carousel). */
export function Slide({ index, count, ...props }: SlideProps) {
  return <div role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${count}`} {...props} />;
}
