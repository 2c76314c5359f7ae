import type { CommentErrors } from "#app/lib/comment-form.ts";
import { CommentForm } from "./comment-form.tsx";

export type SampleComment = {
  id: number;
  name: string;
  initials: string;
  date: string;
  dateLabel: string;
  text: string;
  reply: boolean;
};

type PostCommentsProps = {
  postTitle: string;
  comments: SampleComment[];
  action: string;
  outcome?: { thanked: boolean; errors?: CommentErrors; values?: Record<string, string> };
};

/** The spec's comments: a heading with the count 3, two sample comments (a reply indented), the form. */
export function PostComments({ postTitle, comments, action, outcome }: PostCommentsProps) {
  return (
    <section aria-labelledby="comments-title" className="mt-20 grid gap-14">
      <div>
        <h2 id="comments-title" className="text-h3">
          3 Comments on “{postTitle}”
        </h2>
        <ol className="mt-8 grid gap-6">
          {comments.map((c) => (
            <li
              key={c.id}
              className={`blog-box flex gap-4 p-6 sm:gap-5 ${c.reply ? "ml-8 border-l-4 border-l-primary/60 sm:ml-16" : ""}`}
            >
              <span
                aria-hidden="true"
                className={`blog-round border-0 ${c.reply ? "bg-primary text-on-primary" : "bg-surface-alt text-primary-ink"}`}
              >
                {c.initials}
              </span>
              <div>
                <p className="flex flex-wrap items-baseline gap-x-3">
                  <span className="font-bold">{c.name}</span>
                  {c.reply && <span className="blog-label text-primary-ink">Author</span>}
                  <time dateTime={c.date} className="text-sm text-ink-muted">
                    {c.dateLabel}
                  </time>
                </p>
                <p className="mt-2 text-ink-muted">{c.text}</p>
                <a href="#leave-comment" className="blog-more mt-3">
                  Reply<span className="sr-only"> to {c.name}</span>
                </a>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <div id="leave-comment" className="scroll-mt-28 rounded-card bg-surface-alt p-6 sm:p-10">
        <h2 className="text-h3">Leave a comments</h2>
        <p className="mt-2 mb-8 text-ink-muted">
          Your e-mail address will not be published. All fields are required.
        </p>
        <CommentForm action={action} outcome={outcome} />
      </div>
    </section>
  );
}
