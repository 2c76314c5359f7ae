// A clock a test moves by hand: services take `now` from it, so a scheduled minute, a lease or a
// token's age passes at once instead of in real time.
export type Clock = { t: number; now: () => number; advance(ms: number): void };

export function clock(start = Date.UTC(2031, 0, 6, 9, 0, 0)): Clock {
  const c: Clock = {
    t: start,
    now: () => c.t,
    advance: (ms) => {
      c.t += ms;
    },
  };
  return c;
}
