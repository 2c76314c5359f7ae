// Data a document's server render needs but the browser does not: sent once, as HTML, instead of
// twice (as HTML and again in the page's hydration data). A loader keeps the value in the request's
// context for a document request and returns it in the data only for a client navigation (a
// `.data` request, whose answer React renders in the browser). The component renders the value on
// the server and, in the browser, keeps that HTML as it is (`KeepServerHtml`). Decision 014.
import { createContext as createReactContext, useContext, useState, type ReactNode } from "react";
import { createContext, type RouterContextProvider } from "react-router";

/** The values kept for this document's render (set by loaders, read by app/entry.server.tsx). */
export const renderOnlyContext = createContext<Map<string, unknown> | null>(null);

const RenderOnly = createReactContext<Map<string, unknown> | null>(null);

/** app/entry.server.tsx wraps the document's render in this. */
export function RenderOnlyProvider({
  values,
  children,
}: {
  values: Map<string, unknown> | null;
  children: ReactNode;
}) {
  return <RenderOnly.Provider value={values}>{children}</RenderOnly.Provider>;
}

/** A client navigation asks for the data alone (`/path.data`); the browser renders it. */
const isDataRequest = (request: Request) => new URL(request.url).pathname.endsWith(".data");

/** One kind of render-only value. */
export function renderOnly<T>(name: string) {
  return {
    /**
     * In a loader: keeps `value` for the document's server render and returns undefined, or, for
     * a client navigation, returns `value` (to put in the data).
     */
    keep(context: Pick<RouterContextProvider, "get" | "set">, request: Request, value: T): T | undefined {
      if (isDataRequest(request)) return value;
      let values = context.get(renderOnlyContext);
      if (!values) context.set(renderOnlyContext, (values = new Map()));
      values.set(name, value);
      return undefined;
    },
    /** In a component: the kept value while the server renders a document; undefined in the browser. */
    useValue(): T | undefined {
      return useContext(RenderOnly)?.get(name) as T | undefined;
    },
  };
}

/**
 * Props for the element `id` whose server-rendered children the browser keeps as they are: React
 * neither hydrates nor replaces them. They hold the element's HTML as the browser found it, so that
 * a render from scratch (after a hydration error elsewhere on the page) shows the same; and they
 * stay one object, so that a later render leaves the element alone.
 */
export function useServerHtml(id: string) {
  const [props] = useState(() => ({
    dangerouslySetInnerHTML: {
      __html: typeof document === "undefined" ? "" : (document.getElementById(id)?.innerHTML ?? ""),
    },
    suppressHydrationWarning: true,
  }));
  return props;
}
