import { useRef, useState } from "react";
import type { CommentRef, Segment, ShownComment } from "#app/lib/comments.server.ts";
import { cn } from "#app/lib/cn.ts";
import { renderOnly, useServerHtml } from "#app/lib/render-only.tsx";
import { CommentForm, type CommentFormOutcome } from "./comment-form.tsx";

/**
 * A post's approved comments: rendered once into the document's HTML, and in the browser only
 * after a client navigation (decision 014). The loader keeps them with `commentThreads.keep`.
 */
export const commentThreads = renderOnly<ShownComment[]>("comment-threads");

type PostCommentsProps = {
  postTitle: string;
  /** `threads` is absent when the document's HTML already holds them. */
  comments: { threads?: ShownComment[]; count: number };
  /** The post's address (the form posts there; Reply links add `?reply=`). */
  action: string;
  /** The comment answered (from `?reply=` or the last post without JavaScript). */
  replyTo?: CommentRef;
  outcome?: CommentFormOutcome;
};

/** The approved comments, oldest first with their replies, and the form. */
export function PostComments({ postTitle, comments, action, replyTo, outcome }: PostCommentsProps) {
  const [answering, setAnswering] = useState(replyTo);
  const formBox = useRef<HTMLDivElement>(null);
  const { count } = comments;
  const list = comments.threads ?? commentThreads.useValue();
  const serverHtml = useServerHtml("comment-list");

  // With JavaScript, Reply and Cancel change the form in place; without, they are links.
  function reply(event: React.MouseEvent, to: CommentRef | undefined) {
    event.preventDefault();
    setAnswering(to);
    formBox.current?.scrollIntoView({ block: "start" });
    formBox.current?.querySelector<HTMLElement>('[name="name"]')?.focus({ preventScroll: true });
  }
  // The list may be the server's HTML, kept as it is: its Reply links are found by their data.
  function onListClick(event: React.MouseEvent<HTMLOListElement>) {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-reply-id]");
    const { replyId: id, replyName: name } = link?.dataset ?? {};
    if (id && name !== undefined) reply(event, { id, name });
  }

  return (
    <section aria-labelledby="comments-title" className="mt-20 grid gap-14">
      <div>
        <h2 id="comments-title" className="text-h3">
          {count === 0
            ? `No comments yet on “${postTitle}”`
            : `${count} ${count === 1 ? "Comment" : "Comments"} on “${postTitle}”`}
        </h2>
        {count === 0 ? (
          <p className="mt-4 text-ink-muted">
            Be the first to share your thoughts:{" "}
            <a href="#leave-comment" className="font-semibold text-primary-ink underline underline-offset-4">
              leave a comment
            </a>
            .
          </p>
        ) : (
          // The click handler only catches the Reply links' clicks (keyboard activation included).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
          <ol
            // In the browser, a document's list is its HTML, kept; after a client navigation, React's.
            key={list ? "rendered" : "kept"}
            id="comment-list"
            className="mt-8 grid gap-6"
            onClick={onListClick}
            {...(list ? {} : serverHtml)}
          >
            {list?.map((c) => (
              <li key={c.id} className="grid min-w-0 gap-6">
                <CommentView comment={c} replyHref={`${action}?reply=${c.id}#leave-comment`} />
                {c.replies.length > 0 && (
                  <ol className="grid gap-6" aria-label={`Replies to ${c.name}`}>
                    {c.replies.map((r) => (
                      <li key={r.id} className="min-w-0">
                        <CommentView comment={r} reply replyHref={`${action}?reply=${r.id}#leave-comment`} />
                      </li>
                    ))}
                  </ol>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      <div id="leave-comment" ref={formBox} className="scroll-mt-28 rounded-card bg-surface-alt p-6 sm:p-10">
        <h2 className="text-h3">Leave a comments</h2>
        <p className="mt-2 mb-8 text-ink-muted">
          Your e-mail address will not be published. All fields are required. Comments appear once we have
          approved them.
        </p>
        <CommentForm
          action={action}
          replyTo={answering}
          onCancelReply={(event) => reply(event, undefined)}
          onSent={() => setAnswering(undefined)}
          outcome={outcome}
        />
      </div>
    </section>
  );
}

function CommentView({
  comment: c,
  reply = false,
  replyHref,
}: {
  comment: ShownComment;
  reply?: boolean;
  replyHref: string;
}) {
  return (
    <article
      aria-label={`Comment by ${c.name}`}
      className={cn(
        "blog-box flex min-w-0 gap-4 p-6 sm:gap-5",
        reply && "ml-8 border-l-4 border-l-primary/60 sm:ml-16",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "blog-round border-0",
          reply ? "bg-primary text-on-primary" : "bg-surface-alt text-primary-ink",
        )}
      >
        {c.initials}
      </span>
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span className="font-bold wrap-anywhere">{c.name}</span>
          <time dateTime={c.date} className="text-sm text-ink-muted">
            {c.dateLabel}
          </time>
        </p>
        {c.paragraphs.map((p, i) => (
          <p key={i} className="mt-2 wrap-anywhere whitespace-pre-line text-ink-muted">
            {p.map((s, j) => (
              <SegmentView key={j} segment={s} />
            ))}
          </p>
        ))}
        <a href={replyHref} data-reply-id={c.id} data-reply-name={c.name} className="blog-more mt-2 min-h-6">
          Reply<span className="sr-only"> to {c.name}</span>
        </a>
      </div>
    </article>
  );
}

function SegmentView({ segment }: { segment: Segment }) {
  if (typeof segment === "string") return segment;
  return (
    <a
      href={segment.href}
      rel="ugc nofollow noopener"
      className="text-primary-ink underline underline-offset-4"
    >
      {segment.text}
    </a>
  );
}
