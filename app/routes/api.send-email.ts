// POST /api/send-email: the spec's one call (site-spec §7), a resource route (no page). The work is
// in app/lib/contact-api.server.ts; docs/api/openapi.yaml describes it.
import type { Route } from "./+types/api.send-email";
import { methodNotAllowed, sendEmail } from "#app/lib/contact-api.server.ts";

export const action = ({ request, context }: Route.ActionArgs) => sendEmail(request, context);

// A GET or HEAD that got past the server's method check (it answers those 405 itself).
export const loader = () => methodNotAllowed();
