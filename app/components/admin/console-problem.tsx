import { isRouteErrorResponse } from "react-router";

/** A console page that cannot be shown (403, 404, a failure): what happened, and the way back. */
export function ConsoleProblem({
  status,
  error,
  notFound = "There is nothing at this address in the console.",
  back = { href: "/admin", label: "Back to the overview" },
}: {
  status: number;
  /** What the route threw: a form refused for its token says so (app/lib/staff.server.ts). */
  error?: unknown;
  /** What a 404 means here. */
  notFound?: string;
  back?: { href: string; label: string };
}) {
  const refused = isRouteErrorResponse(error) ? (error.data as { refused?: unknown } | null)?.refused : null;
  const [title, text] =
    typeof refused === "string"
      ? ["Not sent", refused]
      : status === 403
        ? ["Owners only", "This part of the console is for the agency's owners."]
        : status === 404
          ? ["Not found", notFound]
          : ["Something went wrong", "The console could not load this page. Please try again in a minute."];
  return (
    <section className="mx-auto max-w-lg rounded-card bg-surface p-8 shadow-card sm:p-10">
      <h1 className="text-h2">{title}</h1>
      <p className="mt-4 text-ink-muted">{text}</p>
      <a
        href={back.href}
        className="mt-6 inline-block font-semibold text-primary-ink underline underline-offset-4"
      >
        {back.label}
      </a>
    </section>
  );
}

/** The error boundary of a console page about one thing (a post, an enquiry, an issue …): what a
 *  404 means there and the way back, the rest as every console page. A route exports it:
 *  `export const ErrorBoundary = consoleErrorBoundary("There is no such post.", { … })`. */
export function consoleErrorBoundary(notFound: string, back: { href: string; label: string }) {
  return function ErrorBoundary({ error }: { error: unknown }) {
    return (
      <ConsoleProblem
        status={isRouteErrorResponse(error) ? error.status : 500}
        error={error}
        notFound={notFound}
        back={back}
      />
    );
  };
}
