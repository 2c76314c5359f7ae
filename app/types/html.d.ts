// Invoker commands (HTML): buttons open and close dialogs without JavaScript in current
// browsers; app/hooks/use-invoker-fallback.ts covers the others. React passes the attributes through.
import "react";

declare module "react" {
  // The type parameter must match React's declaration to merge with it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover";
  }
}
