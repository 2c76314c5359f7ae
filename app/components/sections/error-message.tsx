import { ButtonLink } from "#app/components/ui/button.tsx";

/** Shown when a page fails to render; no internals are shown to the visitor. */
export function ErrorMessage() {
  return (
    <section className="flex min-h-[70vh] items-center bg-brand-950 pt-28 pb-20 text-white">
      <div className="container-page text-center">
        <h1 className="text-h1">Something went wrong.</h1>
        <p className="mx-auto mt-5 max-w-xl text-lg text-white/85">
          We could not show this page. Please try again in a moment, or go back to the home page.
        </p>
        <ButtonLink to="/" tone="inverse" className="mt-10" reloadDocument>
          Back to home
        </ButtonLink>
      </div>
    </section>
  );
}
