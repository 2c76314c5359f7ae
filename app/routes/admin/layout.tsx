import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { consoleHeaders, requireStaff } from "#app/lib/staff.server.ts";
import type { PageHandle } from "#app/root.tsx";
import { site } from "#app/config/site.ts";
import { ConsoleShell } from "#app/components/admin/console-shell.tsx";
import { SignInPanel } from "#app/components/admin/sign-in-panel.tsx";
import { ConsoleProblem } from "#app/components/admin/console-problem.tsx";
import { ConsoleTokenContext } from "#app/components/admin/console-form.tsx";

// The staff console (/admin): every page below checks the session in its own loader (they run in
// parallel); without one, this boundary shows the sign-in page with status 401, and a data
// request gets 401 and nothing else. docs/staff-console.md.

export const handle: PageHandle = { bare: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireStaff(context, request);
  return { member: session.member, formToken: session.formToken };
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: `Staff console | ${site.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ConsoleTokenContext value={loaderData.formToken}>
      <ConsoleShell member={loaderData.member}>
        <Outlet />
      </ConsoleShell>
    </ConsoleTokenContext>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <ConsoleShell>
      {status === 401 ? <SignInPanel /> : <ConsoleProblem status={status} error={error} />}
    </ConsoleShell>
  );
}
