// The cascades content types declare (app/content-types/define.ts, `cascades`: a team member's
// name carried to the posts that name them), run by the hooks the composition root fills by name
// (server/services.ts, scripts/content.ts). The app names a hook and never imports the server;
// the record below has a key for every name, so a hook declared and not filled fails `tsc`.
import type { CascadeName, ContentType } from "#app/content-types/define.ts";
import type { Queries } from "../db/index.ts";
import type { ContentCascade } from "./repository.ts";

/** One hook: a value other content names an item by changed from `was` to `is`, in the change's
 *  transaction (`trx`); a hook that throws undoes the change. */
export type CascadeHook = (
  trx: Queries,
  change: { was: string; is: string; by: string; now: number },
) => Promise<void>;

export type CascadeHooks = { readonly [Name in CascadeName]: CascadeHook };

/** The repository's cascade (./repository.ts) made of the types' declarations and the hooks. */
export function declaredCascades(
  types: readonly ContentType<unknown>[],
  hooks: CascadeHooks,
): ContentCascade {
  const byName = new Map(types.map((t) => [t.name, t]));
  return async (trx, { type, before, after, by, now }) => {
    for (const cascade of byName.get(type)?.cascades ?? []) {
      // A payload stored by another version may lack the value (or be none: a new or deleted item).
      const read = (payload: unknown) =>
        typeof payload === "object" && payload !== null ? cascade.value(payload) : undefined;
      const was = read(before);
      const is = read(after);
      if (!was || !is || was === is) continue;
      await hooks[cascade.hook](trx, { was, is, by, now });
    }
  };
}
