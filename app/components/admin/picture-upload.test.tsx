// @vitest-environment happy-dom
// The editor's upload says what the uploaded pictures take and how many of the day's uploads the
// member has used (read from the server once it shows), and words a plain form's refusal at the
// day's limit (issue 45).
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PICTURE_UPLOAD_PATH } from "#app/lib/picture-upload.ts";
import { formatBytes, PictureUpload } from "./picture-upload.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answering(body: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const editor = (at: string, props: Partial<Parameters<typeof PictureUpload>[0]> = {}) =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <PictureUpload known={[]} onReady={() => {}} {...props} />
    </MemoryRouter>,
  );

describe("the editor's upload", () => {
  it("says what the uploaded pictures take, and the member's uploads of the day against the limit", async () => {
    const fetch = answering({ ok: true, pictures: 13, bytes: 20_761_804, uploadedToday: 4, perDay: 100 });
    editor("/admin/posts/new");
    await waitFor(() =>
      expect(
        screen.getByText(
          "13 uploaded pictures take 19.8 MB in all (every size the site made of them). You have uploaded 4 of the 100 new pictures one member may in 24 hours.",
        ),
      ).toBeTruthy(),
    );
    expect(fetch).toHaveBeenCalledWith(`${PICTURE_UPLOAD_PATH}/usage`, expect.anything());
  });

  it("says nothing of it where another upload of the editor does, nor when the server does not answer", async () => {
    const fetch = answering({ ok: false, message: "You are signed out." });
    editor("/admin/posts/new", { usage: false });
    expect(fetch).not.toHaveBeenCalled();
    cleanup();
    const { container } = editor("/admin/posts/new");
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20)); // its answer read
    expect(container.querySelector("[data-picture-usage]")).toBeNull();
    expect(container.textContent).toContain("Upload a picture");
  });

  it("words a plain form's refusal at the day's limit", () => {
    answering({ ok: false });
    editor("/admin/posts/new?picture-refused=daily");
    expect(
      screen.getByText(
        "You have uploaded as many new pictures in the last 24 hours as one member may: upload the next tomorrow, and meanwhile choose one already uploaded in the picture fields.",
      ),
    ).toBeTruthy();
  });

  it("writes sizes as the console does", () => {
    expect([0, 655_360, 20_761_804, 1_288_490_189].map(formatBytes)).toEqual([
      "0 KB",
      "640 KB",
      "19.8 MB",
      "1.2 GB",
    ]);
  });
});
