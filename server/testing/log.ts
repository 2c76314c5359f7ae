/** Log sink that keeps entries (and their JSON) for assertions. */
export function memoryLog() {
  const entries: Record<string, unknown>[] = [];
  return {
    entries,
    logger: (e: Record<string, unknown>) => void entries.push(e),
    json: () => JSON.stringify(entries),
  };
}
