import { Icon } from "#app/components/ui/icon.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";

/** The page for any address that does not exist (served with HTTP 404), or for a blog post taken
 *  off the site (`removed`: HTTP 410 Gone). */
export function NotFound({ removed = false }: { removed?: boolean }) {
  return (
    <section className="relative isolate flex min-h-[80vh] items-center overflow-hidden bg-brand-950 pt-28 pb-20 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_30rem_at_50%_0%,oklch(0.5_0.165_313/0.7),transparent_70%)]"
      />
      <div className="container-page text-center">
        <p
          aria-hidden="true"
          className="bg-gradient-to-b from-white to-brand-300 bg-clip-text text-[clamp(7rem,25vw,14rem)] leading-none font-extrabold tracking-tight text-transparent"
        >
          {removed ? 410 : 404}
        </p>
        {removed ? (
          <>
            <h1 className="mt-4 text-h1">
              <span className="sr-only">410: </span>This Article Was Removed
            </h1>
            <p className="mx-auto mt-5 max-w-xl text-lg text-white/85">
              We took this article off our blog. The rest of the blog, and everything we do, is one click away
              from the home page.
            </p>
          </>
        ) : (
          <>
            <h1 className="mt-4 text-h1">
              <span className="sr-only">404: </span>Sorry Page Was Not Found!
            </h1>
            <p className="mx-auto mt-5 max-w-xl text-lg text-white/85">
              The page you asked for has moved or never existed. Everything we do is one click away from the
              home page.
            </p>
          </>
        )}
        <ButtonLink to="/" tone="inverse" className="mt-10">
          <Icon name="arrow-left" className="size-5" />
          Back to home
        </ButtonLink>
      </div>
    </section>
  );
}
