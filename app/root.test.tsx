// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root.tsx";

afterEach(cleanup);

function Broken(): never {
  throw new Error("connect ECONNREFUSED 10.0.0.5:5432 at Pool.connect (pg/lib/pool.js:45)");
}

it("a page that fails to render says 'Something went wrong.' and shows no internals", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const Stub = createRoutesStub([{ path: "/", Component: Broken, ErrorBoundary }]);
  const { container } = render(<Stub initialEntries={["/"]} />);
  const heading = await screen.findByRole("heading", { level: 1 });
  expect(heading.textContent).toBe("Something went wrong.");
  expect(container.textContent).toContain("Error 500");
  expect(container.textContent).not.toMatch(/ECONNREFUSED|pool\.js/);
  expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
});

it("a 404 thrown by a page shows the not-found page", async () => {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => null,
      HydrateFallback: () => null,
      loader: () => {
        throw data(null, { status: 404 });
      },
      ErrorBoundary,
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  expect((await screen.findByRole("heading", { level: 1 })).textContent).toContain("404");
  expect(document.body.textContent).toContain("Sorry Page Was Not Found!");
});
