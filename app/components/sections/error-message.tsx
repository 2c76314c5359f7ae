import { ButtonLink } from "#app/components/ui/button.tsx";

/** Shown when a page fails to render; no internals are shown to the visitor. */
export function ErrorMessage({ status }: { status: number }) {
  // A request the page cannot answer (e.g. a form posted to a page without one) is not our failure.
  const theirs = status >= 400 && status < 500;
  return (
    <section className="flex min-h-[70vh] items-center bg-brand-950 pt-28 pb-20 text-white">
      <div className="container-page text-center">
        <p className="text-sm font-semibold tracking-[0.2em] text-white/70 uppercase">{`Error ${status}`}</p>
        <h1 className="mt-3 text-h1">
          {theirs ? "This page cannot answer that request." : "Something went wrong."}
        </h1>
        <p className="mx-auto mt-5 max-w-xl text-lg text-white/85">
          {theirs
            ? "Please open the page from its link instead, or go back to the home page."
            : "We could not show this page. Please try again in a moment, or go back to the home page."}
        </p>
        <ButtonLink to="/" tone="inverse" className="mt-10" reloadDocument>
          Back to home
        </ButtonLink>
      </div>
    </section>
  );
}
