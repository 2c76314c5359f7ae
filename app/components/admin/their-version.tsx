import type { ReactNode } from "react";

/** What someone else saved while the editor was open (a save refused with 409), above the form
 *  that still holds the writer's own text. */
export function TheirVersion({
  revision,
  by,
  children,
}: {
  revision: number;
  by: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="theirs-title"
      className="mt-4 grid gap-3 rounded-card border-2 border-danger bg-surface p-6 sm:p-8"
    >
      <h2 id="theirs-title" className="text-h3">
        Their version (revision {revision}, saved by {by})
      </h2>
      {children}
    </section>
  );
}
