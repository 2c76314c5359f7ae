import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { cn } from "#app/lib/cn.ts";

const inputs = {
  light: "border-line bg-canvas placeholder:text-ink-muted",
  dark: "border-white/25 bg-white/10 text-white placeholder:text-white/75",
};

type SearchFormProps = {
  /** The input's id, for its label. */
  id: string;
  label: string;
  /** Show the label above the field; otherwise only screen readers read it. */
  showLabel?: boolean;
  /** light: on the page's surface; dark: on a dark band (the page header). */
  tone: keyof typeof inputs;
  placeholder: string;
  /** The keyword searched for, shown in the field. */
  query?: string;
  /** Focus the field when shown (in a dialog, which moves focus to it on opening). */
  focusOnOpen?: boolean;
  className?: string;
  /** Where `q` goes (default: the site search). */
  action?: string;
  /** Hidden fields sent with it (the console keeps its filter). */
  children?: React.ReactNode;
};

/** A search: sends `q` to /search (or `action`) with a plain GET, so it works without JavaScript. */
export function SearchForm({
  id,
  action = "/search",
  children,
  label,
  showLabel,
  tone,
  placeholder,
  query,
  focusOnOpen,
  className,
}: SearchFormProps) {
  return (
    <Form action={action} method="get" role="search" className={className}>
      {children}
      <label htmlFor={id} className={showLabel ? "mb-3 block text-lg font-semibold" : "sr-only"}>
        {label}
      </label>
      <div className="flex gap-3">
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={query}
          key={query}
          // Only in a dialog, which moves focus here when it opens.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={focusOnOpen}
          placeholder={placeholder}
          className={cn("min-h-14 w-full min-w-0 rounded-full border px-6 text-lg", inputs[tone])}
        />
        <Button type="submit" tone={tone === "dark" ? "inverse" : "primary"} size="lg">
          <Icon name="search" className="size-5" />
          Search
        </Button>
      </div>
    </Form>
  );
}
