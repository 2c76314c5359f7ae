import { use, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { CONSOLE_TOKEN_FIELD } from "#app/lib/console-form.ts";
import {
  PICTURE_CROP_FIELD,
  PICTURE_FIELD,
  PICTURE_FOR_FIELD,
  PICTURE_FRAME_FIELD,
  PICTURE_MAX_BYTES,
  PICTURE_REFUSED,
  PICTURE_TYPES,
  PICTURE_UPLOAD_PATH,
  UPLOADED_PICTURE,
  type PictureUploadAnswer,
} from "#app/lib/picture-upload.ts";
import { PICTURE_FRAMES, type PictureFrame } from "#app/config/picture-sizes.ts";
import { Button } from "#app/components/ui/button.tsx";
import { ConsoleTokenContext } from "./console-form.tsx";

// Uploading a post's picture from the editor (server/pictures/upload.ts). Without JavaScript the
// file field and its button belong to a form of their own (PictureUploadForm, outside the post's
// form: forms do not nest), which posts the file and comes back to the editor with `?picture=`.
// With JavaScript the same button, a picture dropped on the field or pasted, is sent by fetch;
// the state (uploading, processing, ready, refused with the server's words) is announced in a
// live region, and a ready picture is added to the three picture fields at once.
//   With a `frame` (a team member's portrait, 4:5), the picture is cropped to it: with JavaScript
// the chosen file is shown in the frame with three sliders (zoom, left to right, top to bottom:
// a keyboard's arrows move them, a screen reader reads each in percent) and the part kept is
// sent with it; without, the server keeps the frame's largest part around what draws the eye.
//   An editor may have several (a project's card picture, 4:3, and page picture, 16:9): each is
// given its field's name, which every id of its own carries (its plain form's too), and the
// plain form sends it so that the editor it comes back to chooses the upload in that field.
//   Under its hint, with JavaScript, what the uploaded pictures take (how many, their bytes) and
// the member's new pictures of the last 24 hours against the day's limit (UPLOADS_PER_DAY), read
// from the server (GET /admin/posts/pictures/usage) when it shows and after each upload.

/** The ids of one field's upload: its plain form's, its file input's (and the hint's, status's
 *  and sliders' made from it). A post's editor has one upload and no field. */
export const uploadIds = (field?: string) => ({
  form: field ? `picture-upload-${field}` : "picture-upload",
  file: field ? `field-${field}-file` : "field-picture-file",
});
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** Refusals a plain form comes back with (`?picture-refused=`), in words. */
const REASONS: Record<string, string> = {
  ...PICTURE_REFUSED,
  signedOut: "You were signed out: sign in again, then upload the picture.",
  token: "The picture was not sent: reload the page and try again.",
  daily:
    "You have uploaded as many new pictures in the last 24 hours as one member may: upload the next tomorrow, and meanwhile choose one already uploaded in the picture fields.",
};

/** Where the server says what the uploaded pictures take (server/pictures/index.ts). */
const USAGE_PATH = `${PICTURE_UPLOAD_PATH}/usage`;

/** Its answer (server/pictures/index.ts PictureUsageAnswer). */
type Usage = { ok: true; pictures: number; bytes: number; uploadedToday: number; perDay: number };

/** Bytes as the console writes sizes: "640 KB", "12.6 MB", "1.2 GB" (1 MB: 1,048,576 bytes, as
 *  the upload's "15 MB"). */
export function formatBytes(bytes: number): string {
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${units[unit]}`;
}

/** The usage line's words. */
export function usageText(usage: Usage): string {
  const pictures = `${usage.pictures.toLocaleString("en-GB")} uploaded ${usage.pictures === 1 ? "picture takes" : "pictures take"} ${formatBytes(usage.bytes)} in all (every size the site made of them).`;
  const yours = `You have uploaded ${usage.uploadedToday.toLocaleString("en-GB")} of the ${usage.perDay.toLocaleString("en-GB")} new pictures one member may in 24 hours.`;
  return `${pictures} ${yours}`;
}

/** The form the file field posts without JavaScript: render it outside (and before) the
 *  editor's form. `frame`: the picture is cropped to it; `field`: the editor's picture field it
 *  is for (one form each), named again on the way back. */
export function PictureUploadForm({ frame, field }: { frame?: PictureFrame; field?: string } = {}) {
  const token = use(ConsoleTokenContext);
  const { pathname } = useLocation();
  return (
    <form
      id={uploadIds(field).form}
      method="post"
      action={PICTURE_UPLOAD_PATH}
      encType="multipart/form-data"
      hidden
    >
      {/* Before the file: the server checks the token before it reads the picture. */}
      <input type="hidden" name={CONSOLE_TOKEN_FIELD} value={token} />
      <input type="hidden" name="back" value={pathname} />
      {frame && <input type="hidden" name={PICTURE_FRAME_FIELD} value={frame} />}
      {field && <input type="hidden" name={PICTURE_FOR_FIELD} value={field} />}
    </form>
  );
}

/** The part of a picture kept: `zoom` 1 (the frame's largest part) to 4, the position across and
 *  down 0 to 1; as fractions of the picture (the crop field's "x,y,w,h"). */
export function cropRect(
  size: { width: number; height: number },
  ratio: number,
  zoom: number,
  across: number,
  down: number,
) {
  const { width: W, height: H } = size;
  const baseW = Math.min(W, H * ratio);
  const w = baseW / zoom;
  const h = baseW / ratio / zoom;
  const x = (W - w) * across;
  const y = (H - h) * down;
  return { x: x / W, y: y / H, w: w / W, h: h / H };
}

const cropField = (r: ReturnType<typeof cropRect>) =>
  [r.x, r.y, r.w, r.h].map((n) => Math.min(1, Math.max(0, n)).toFixed(6)).join(",");

/** The chosen file in its frame, and the sliders that choose the part kept. */
function CropControl({
  file,
  frame,
  onChange,
  idBase,
  noun,
}: {
  file: File;
  frame: PictureFrame;
  onChange: (crop: string) => void;
  /** The sliders' ids start with it (the file input's id). */
  idBase: string;
  /** What is uploaded: "picture", or the field's ("card picture"). */
  noun: string;
}) {
  const { ratio, label } = PICTURE_FRAMES[frame];
  const [url, setUrl] = useState<string | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [zoom, setZoom] = useState(100);
  const [across, setAcross] = useState(50);
  const [down, setDown] = useState(50);
  // Read as a data: address: the pages' policy takes images from the site and data: alone.
  useEffect(() => {
    const reader = new FileReader();
    reader.onload = () => setUrl(typeof reader.result === "string" ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  const rect = size ? cropRect(size, ratio, zoom / 100, across / 100, down / 100) : null;
  useEffect(() => {
    if (rect) onChange(cropField(rect));
  });
  const slider = (
    name: string,
    text: string,
    value: number,
    set: (n: number) => void,
    min = 0,
    max = 100,
  ) => (
    <div>
      <label htmlFor={`${idBase}-${name}`} className="mb-1 block text-sm font-semibold">
        {text}
      </label>
      <input
        id={`${idBase}-${name}`}
        type="range"
        min={min}
        max={max}
        value={value}
        aria-valuetext={`${value} %`}
        onChange={(event) => set(Number(event.currentTarget.value))}
        className="w-full accent-primary"
      />
    </div>
  );
  return (
    <div
      className="mt-4 grid items-start gap-4 sm:grid-cols-[10rem_1fr]"
      role="group"
      aria-label={`The part of the ${noun} shown`}
    >
      <div
        className="relative w-40 overflow-hidden rounded-xl border border-line bg-surface-alt"
        style={{ aspectRatio: String(ratio) }}
      >
        {url && (
          <img
            src={url}
            alt="The part the site will show"
            onLoad={(event) =>
              setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
            }
            className="absolute max-w-none"
            style={
              rect
                ? {
                    width: `${100 / rect.w}%`,
                    left: `${(-rect.x / rect.w) * 100}%`,
                    top: `${(-rect.y / rect.h) * 100}%`,
                  }
                : { width: "100%", visibility: "hidden" }
            }
          />
        )}
      </div>
      <div className="grid gap-3">
        <p className="text-sm text-ink-muted">
          The site shows the part in the frame ({label}). Move the sliders to choose it, then press Upload.
        </p>
        {slider("zoom", "Zoom", zoom, setZoom, 100, 400)}
        {slider("across", "Left to right", across, setAcross)}
        {slider("down", "Top to bottom", down, setDown)}
      </div>
    </div>
  );
}

type Status = { tone: "info" | "ok" | "error"; text: string } | null;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends a picture (with JavaScript) and waits while the server makes its sizes: the server's
 *  last answer (ready, failed, still pending after three minutes, or refused with its words).
 *  Throws when the network fails. The article's editor inserts pictures with it too. */
export async function uploadPicture(
  file: File,
  token: string,
  options: { frame?: PictureFrame; crop?: string; onProcessing?: (name: string) => void } = {},
): Promise<PictureUploadAnswer> {
  const body = new FormData();
  // Before the file, as the server reads them.
  if (options.frame) {
    body.append(PICTURE_FRAME_FIELD, options.frame);
    if (options.crop) body.append(PICTURE_CROP_FIELD, options.crop);
  }
  body.append(PICTURE_FIELD, file, file.name || "pasted-picture");
  const response = await fetch(PICTURE_UPLOAD_PATH, {
    method: "POST",
    body,
    headers: { accept: "application/json", "x-console-token": token },
  });
  let answer = (await response.json().catch(async () => ({
    ok: false,
    message:
      response.status === 413 ? PICTURE_REFUSED.tooLarge : `The upload failed (HTTP ${response.status}).`,
  }))) as PictureUploadAnswer;
  // Converted off the request path: wait for it (a few seconds for a phone photo).
  for (let i = 0; answer.ok && answer.state === "pending" && i < 180; i++) {
    options.onProcessing?.(answer.name);
    await wait(1000);
    const hash = answer.name.slice(2);
    const polled = await fetch(`${PICTURE_UPLOAD_PATH}/u/${hash}`, {
      headers: { accept: "application/json" },
    });
    answer = (await polled.json()) as PictureUploadAnswer;
  }
  return answer;
}

/** The file field, its Upload button and the drop zone, inside the post's form; `onReady` gets
 *  the name of a picture once it may be chosen. `known`: the pictures the fields offer already. */
export function PictureUpload({
  known,
  onReady,
  frame,
  field,
  noun = "picture",
  returned = true,
  pastes = true,
  usage: showUsage = true,
}: {
  known: readonly string[];
  onReady: (name: string) => void;
  /** Cropped to this frame (a portrait): the file is shown in it to choose the part kept. */
  frame?: PictureFrame;
  /** The editor's picture field it is for (a content item's; none: a post's). */
  field?: string;
  /** What it uploads, in its labels: "picture", or its field's ("card picture") when an editor
   *  has more than one. */
  noun?: string;
  /** A plain form's upload came back for this one (`?picture=`): it says so. */
  returned?: boolean;
  /** A picture pasted outside every drop zone is taken by this one (one per editor). */
  pastes?: boolean;
  /** It says what the uploaded pictures take (one per editor). */
  usage?: boolean;
}) {
  const ids = uploadIds(field);
  const token = use(ConsoleTokenContext);
  // The address's query as the browser's own URLSearchParams: React Router's useSearchParams
  // would add its code to the framework chunk every public page loads.
  const { search } = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const zone = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  // A portrait's file chosen, waiting for its part to be chosen and Upload pressed.
  const [chosen, setChosen] = useState<File | null>(null);
  const crop = useRef("");
  // What the uploads take: read when it shows, and again after each upload (`uploads` moves).
  const [usage, setUsage] = useState<Usage | null>(null);
  const [uploads, setUploads] = useState(0);
  useEffect(() => {
    if (!showUsage) return;
    let current = true;
    fetch(USAGE_PATH, { headers: { accept: "application/json" } })
      .then((response) => response.json() as Promise<Usage | { ok: false }>)
      .then((answer) => {
        if (current && answer.ok) setUsage(answer);
      })
      // Not said: the upload itself still works.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [showUsage, uploads]);
  const where = frame ? `It is chosen as the ${noun} below.` : "Choose it in the picture fields below.";
  const [status, setStatus] = useState<Status>(() => {
    // Back from a plain form's upload (for this field).
    if (!returned) return null;
    const params = new URLSearchParams(search);
    const name = params.get("picture");
    const refused = params.get("picture-refused");
    if (name && UPLOADED_PICTURE.test(name))
      return known.includes(name)
        ? {
            tone: "ok",
            text: `Uploaded: ${name}. ${frame ? where : "It is ready to choose in the picture fields below."}`,
          }
        : {
            tone: "info",
            text: `Uploaded: ${name}. It is being processed: reload this page in a moment to choose it.`,
          };
    if (refused) return { tone: "error", text: REASONS[refused] ?? PICTURE_REFUSED.unreadable };
    return null;
  });

  async function send(file: File) {
    if (busy) return;
    if (file.size > PICTURE_MAX_BYTES) return setStatus({ tone: "error", text: PICTURE_REFUSED.tooLarge });
    setBusy(true);
    setStatus({ tone: "info", text: `Uploading ${file.name || "the picture"}…` });
    try {
      const answer = await uploadPicture(file, token, {
        frame,
        crop: crop.current,
        onProcessing: (name) => setStatus({ tone: "info", text: `Processing ${name}: making its sizes…` }),
      });
      if (!answer.ok) setStatus({ tone: "error", text: answer.message });
      else if (answer.state === "ready") {
        onReady(answer.name);
        setChosen(null);
        setStatus({ tone: "ok", text: `Ready: ${answer.name}. ${where}` });
      } else if (answer.state === "failed")
        setStatus({
          tone: "error",
          text: `${answer.name} could not be processed: ${PICTURE_REFUSED.unreadable}`,
        });
      else
        setStatus({
          tone: "info",
          text: `${answer.name} is still being processed: reload the page in a minute.`,
        });
    } catch {
      setStatus({
        tone: "error",
        text: "The picture could not be sent: check the connection and try again.",
      });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
      setUploads((n) => n + 1);
    }
  }

  /** A file dropped, pasted or chosen: sent at once, or (a frame) shown to choose its part. */
  function take(file: File) {
    if (!frame) return void send(file);
    if (file.size > PICTURE_MAX_BYTES) return setStatus({ tone: "error", text: PICTURE_REFUSED.tooLarge });
    setChosen(file);
    setStatus({
      tone: "info",
      text: `${file.name || "The picture"}: choose the part shown, then press Upload.`,
    });
  }

  // A picture pasted anywhere on the editor but into a text field (those take the text).
  useEffect(() => {
    function paste(event: ClipboardEvent) {
      const file = [...(event.clipboardData?.files ?? [])].find((f) => f.type.startsWith("image/"));
      // Taken already: the article's editor puts a picture pasted into it in the article.
      if (!file || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("textarea, input:not([type=file])") && event.clipboardData?.getData("text")) return;
      // Into the drop zone it was pasted in; outside every zone, into the editor's first.
      const within = target?.closest("[data-picture-upload]");
      if (within ? within !== zone.current : !pastes) return;
      event.preventDefault();
      take(file);
    }
    document.addEventListener("paste", paste);
    return () => document.removeEventListener("paste", paste);
  });

  // A picture dropped on the zone (a pointer's way; the file field is the keyboard's).
  useEffect(() => {
    const node = zone.current;
    if (!node) return;
    const over = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes("Files")) return;
      event.preventDefault();
      setDragging(true);
    };
    const leave = () => setDragging(false);
    const drop = (event: DragEvent) => {
      const file = event.dataTransfer?.files[0];
      setDragging(false);
      if (!file) return;
      event.preventDefault();
      take(file);
    };
    node.addEventListener("dragover", over);
    node.addEventListener("dragleave", leave);
    node.addEventListener("drop", drop);
    return () => {
      node.removeEventListener("dragover", over);
      node.removeEventListener("dragleave", leave);
      node.removeEventListener("drop", drop);
    };
  });

  const hint = `${PICTURE_TYPES.slice(0, -1).join(", ")} or ${PICTURE_TYPES.at(-1)}, up to 15 MB. Drop a picture here or paste one, or choose a file and press Upload. Without JavaScript, save your changes first: uploading reloads the page.${frame ? ` It is cropped to the frame (${PICTURE_FRAMES[frame].label}): you choose the part shown; without JavaScript the site keeps the part ${frame === "portrait" ? "around the face" : "around what draws the eye"}.` : ""}`;

  const cropping = frame !== undefined && chosen !== null;
  const upload = (
    <Button
      type="submit"
      form={ids.form}
      tone="outline"
      disabled={busy}
      // Which upload, when there are several (its name starts with what it shows).
      aria-label={noun === "picture" ? undefined : `Upload the ${noun}`}
      onClick={(event) => {
        // With JavaScript: sent by fetch, the post's form stays as it is.
        event.preventDefault();
        const file = chosen ?? input.current?.files?.[0];
        if (file) void send(file);
        else setStatus({ tone: "error", text: PICTURE_REFUSED.none });
      }}
    >
      Upload
    </Button>
  );

  return (
    <div
      ref={zone}
      className={`mb-4 min-w-0 rounded-2xl border-2 border-dashed p-4 transition-colors ${dragging ? "border-primary bg-primary/5" : "border-line"}`}
      role="group"
      aria-label={`Drop a ${noun} here`}
      data-picture-upload=""
    >
      <label htmlFor={ids.file} className="mb-1 block text-sm font-semibold">
        {`Upload a ${noun}`}
      </label>
      <p id={`${ids.file}-hint`} className="mb-3 text-sm text-ink-muted">
        {hint}
      </p>
      {showUsage && usage && (
        <p id={`${ids.file}-usage`} className="mb-3 text-sm text-ink-muted" data-picture-usage="">
          {usageText(usage)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={ids.file}
          type="file"
          name={PICTURE_FIELD}
          form={ids.form}
          accept={ACCEPT}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (frame && file) take(file);
          }}
          aria-describedby={`${ids.file}-hint ${ids.file}-status`}
          className="w-full min-w-0 text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-surface-alt file:px-4 file:font-semibold"
        />
        {!cropping && upload}
      </div>
      {/* The part kept is chosen before Upload, in the order of the keyboard's way through. */}
      {cropping && (
        <>
          <CropControl
            // Another file: the control starts again (its size, its sliders).
            key={`${chosen.name} ${chosen.size} ${chosen.lastModified}`}
            file={chosen}
            frame={frame}
            onChange={(c) => (crop.current = c)}
            idBase={ids.file}
            noun={noun}
          />
          <div className="mt-4">{upload}</div>
        </>
      )}
      <p
        id={`${ids.file}-status`}
        // A live region, not role=status: the page's own status line stays the one "status".
        aria-live="polite"
        className={`mt-2 min-h-5 text-sm font-medium ${status?.tone === "error" ? "text-danger" : status?.tone === "ok" ? "text-primary-ink" : "text-ink-muted"}`}
      >
        {status?.text}
      </p>
    </div>
  );
}
