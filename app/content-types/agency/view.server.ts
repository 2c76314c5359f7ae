// The agency's details as they are published now (server/content/, the type `agency`).
import type { RouterContextProvider } from "react-router";
import { agencyType } from "./type.ts";
import { contentOf } from "#app/lib/content.server.ts";
import type { Agency } from "#app/lib/agency.ts";

/** The published details; the seed's when none is (an import that left them out): a page never
 *  goes without the agency's address and numbers. */
export function agencyOf(context: Readonly<RouterContextProvider>): Agency {
  return contentOf(context, agencyType)[0] ?? agencyType.item.parse(agencyType.seed[0]);
}
