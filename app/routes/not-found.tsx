import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { pageMeta } from "#app/lib/meta.ts";
import { NotFound } from "#app/components/sections/not-found.tsx";

// Any path no other route matches: the 404 page with a real 404 status.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    path: location.pathname,
    title: "Page Not Found",
    description: "The page you asked for does not exist. Find what you need from the home page.",
    kind: "default",
    indexable: false,
  });

export default function NotFoundRoute() {
  return <NotFound />;
}
