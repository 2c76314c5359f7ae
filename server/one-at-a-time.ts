// A poll that runs one query at a time (the comments' and the posts' watches): asked while a run
// is under way, it runs once more after it (that run may have read too early), however many
// times it was asked meanwhile.

export type OneAtATime = {
  /** Runs now, or once after the run under way; resolves when the run that answers it ends. */
  (): Promise<void>;
  /** Resolves when no run is under way or waiting (before the database closes). */
  settled(): Promise<void>;
};

/** `run` one at a time. A run that fails does not stop the next ones (`run` logs its errors). */
export function oneAtATime(run: () => Promise<void>): OneAtATime {
  let running: Promise<void> | null = null;
  let again: Promise<void> | null = null;
  const call = (): Promise<void> => {
    if (running)
      return (again ??= running.then(
        () => ((again = null), call()),
        () => ((again = null), call()),
      ));
    running = run().finally(() => {
      running = null;
    });
    return running;
  };
  return Object.assign(call, {
    async settled() {
      while (running || again) await (again ?? running)!.catch(() => {});
    },
  });
}
