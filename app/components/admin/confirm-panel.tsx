import type { ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { ConsoleForm } from "#app/components/admin/console-form.tsx";

/** The second step of something that cannot be undone (delete a post for good, empty the
 *  trash): the page asked first, this form does it; the link leaves everything as it is. A form
 *  post and a link, so it works without JavaScript, as the team page's "Remove". */
export function ConfirmPanel({
  id,
  title,
  children,
  intent,
  confirmLabel,
  alternative,
  cancel,
}: {
  id: string;
  title: string;
  children: ReactNode;
  /** The form's `intent`: what the action does once confirmed. */
  intent: string;
  confirmLabel: string;
  /** A second way to do it (delete and erase its history). */
  alternative?: { intent: string; label: string };
  cancel: { href: string; label: string };
}) {
  return (
    <section aria-labelledby={id} className="mt-4 rounded-card border-2 border-danger bg-surface p-6">
      <h2 id={id} className="text-h3 wrap-anywhere">
        {title}
      </h2>
      <div className="mt-2 text-ink-muted">{children}</div>
      <ConsoleForm className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" name="intent" value={intent}>
          {confirmLabel}
        </Button>
        {alternative && (
          <Button type="submit" name="intent" value={alternative.intent} tone="outline">
            {alternative.label}
          </Button>
        )}
        <a href={cancel.href} className="inline-flex min-h-12 items-center px-4 font-semibold underline">
          {cancel.label}
        </a>
      </ConsoleForm>
    </section>
  );
}
