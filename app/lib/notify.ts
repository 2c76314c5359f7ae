// Toasts are loaded on first use: the toast library is not part of any page's initial JS.
type Kind = "success" | "error";
type Listener = () => void;

let requested = false;
const listeners = new Set<Listener>();

/** Called by the toast host: runs `listener` once a toast has been asked for. */
export function onFirstToast(listener: Listener): () => void {
  if (requested) listener();
  else listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function notify(kind: Kind, message: string): Promise<void> {
  if (!requested) {
    requested = true;
    listeners.forEach((l) => l());
    listeners.clear();
  }
  const { toast } = await import("sonner");
  toast[kind](message);
}
