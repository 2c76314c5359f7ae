// Values the Node server hands to React Router for each request (server/app.ts sets them).
import { createContext } from "react-router";

/** Per-request CSP nonce for React Router's inline scripts; empty while prerendering. */
export const cspNonceContext = createContext<string>("");
