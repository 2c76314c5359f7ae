// Invoker commands (HTML): buttons open and close dialogs without JavaScript in current
// browsers; app/lib/use-invoker-fallback.ts covers the others. React passes the attributes through.
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover";
  }
}
