// A count by state starts with every state at zero: GROUP BY has no row for a state nobody is in,
// and the console and the operator commands show every state.

/** `{ state: 0 }` for each of `states`. */
export function zeroCounts<S extends string>(states: readonly S[]): Record<S, number> {
  return Object.fromEntries(states.map((s) => [s, 0])) as Record<S, number>;
}
