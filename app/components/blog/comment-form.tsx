import { Icon } from "#app/components/ui/icon.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { HONEYPOT_FIELD, XSRF_FIELD } from "#app/config/forms.ts";
import {
  COMMENT_FIELDS,
  COMMENT_LIMITS,
  COMMENT_PENDING,
  COMMENT_THANKS,
  type CommentErrors,
  type CommentField,
} from "#app/lib/comment-fields.ts";
import type { FormReply } from "#app/lib/form-reply.ts";
import { useFormSubmit } from "#app/hooks/use-form-submit.ts";
import { SavedOnPhone } from "#app/components/ui/saved-on-phone.tsx";

/** What the post's action answered to the form without JavaScript (app/lib/comments.server.ts). */
export type CommentFormOutcome = Pick<FormReply<CommentErrors>, "outcome" | "notice" | "token" | "values">;

type CommentFormProps = {
  /** The post's address: the form posts there, with JavaScript or without. */
  action: string;
  /** The comment this one answers, if any. */
  replyTo?: { id: string; name: string };
  /** Where "Cancel reply" leads without JavaScript (the post), and what it does with it. */
  onCancelReply: (event: React.MouseEvent<HTMLAnchorElement>) => void;
  /** After a comment was sent (with JavaScript): the form is empty and answers nobody. */
  onSent: () => void;
  outcome?: CommentFormOutcome;
};

// The validator loads when the reader starts on the form.
const loadValidator = () => import("#app/lib/comment-schema.ts");

/**
 * 'Leave a comments', posted to the post's address with JavaScript or without; with it, it is
 * checked in the browser first (the server's own rules). Either way the comment is kept as
 * pending and shown once the agency approves it.
 */
export function CommentForm({ action, replyTo, onCancelReply, onSent, outcome }: CommentFormProps) {
  const { form, onSubmit, sending, errors, failure, success, note, saved, fieldEvents } =
    useFormSubmit<CommentField>({
      action,
      fields: COMMENT_FIELDS,
      initial: outcome,
      preload: loadValidator,
      validate: async (data) => {
        const checked = (await loadValidator()).validateComment(data);
        return checked.success ? {} : checked.errors;
      },
      validateField: async (name, value) => (await loadValidator()).validateCommentField(name, value),
      sentToast: () => [COMMENT_THANKS, COMMENT_PENDING],
      onSent,
      outbox: "comment",
    });
  const values = outcome?.values ?? {};

  // A field is checked when the reader leaves it (once they typed, or after an error).
  const field = (name: CommentField) => ({
    name,
    id: `comment-${name}`,
    required: true,
    maxLength: COMMENT_LIMITS[name],
    defaultValue: values[name],
    error: errors[name],
    ...fieldEvents(name),
  });

  return (
    <form
      ref={form}
      method="post"
      action={`${action}#leave-comment`}
      noValidate
      onSubmit={onSubmit}
      aria-label={replyTo ? `Reply to ${replyTo.name}` : "Leave a comment"}
      className="grid gap-x-5 gap-y-1 sm:grid-cols-2"
    >
      <input type="hidden" name={XSRF_FIELD} value={outcome?.token ?? ""} />
      <input type="hidden" name="parentId" value={replyTo?.id ?? ""} />
      {/* A field people never see or fill; automated senders usually do. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="comment-website">Leave this field empty</label>
        <input id="comment-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {replyTo && (
        <p className="mb-5 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-line bg-surface px-5 py-3 sm:col-span-2">
          <span>
            Replying to <strong>{replyTo.name}</strong>
          </span>
          <a href={`${action}#leave-comment`} onClick={onCancelReply} className="blog-more">
            Cancel reply
          </a>
        </p>
      )}
      <div className="sm:col-span-2" aria-live="polite">
        {success && (
          <p
            role="status"
            className="mb-5 flex items-center gap-3 rounded-2xl border border-primary/30 bg-primary/10 px-5 py-4 font-medium"
          >
            <Icon name="check" className="size-5 shrink-0 text-primary-ink" />
            {success}
          </p>
        )}
        {note && (
          <p role="status" className="mb-5 rounded-2xl border border-line bg-surface px-5 py-4 font-medium">
            {note}
          </p>
        )}
        {saved && <SavedOnPhone {...saved} />}
        {failure && (
          <p
            role="alert"
            className="mb-5 rounded-2xl border border-danger/40 bg-danger/10 px-5 py-4 font-medium text-danger"
          >
            {failure}
          </p>
        )}
      </div>
      <FormField {...field("name")} label="Your name" placeholder="Name *" autoComplete="name" />
      <FormField
        {...field("email")}
        label="Your e-mail (never published)"
        placeholder="Email *"
        type="email"
        autoComplete="email"
      />
      <FormField
        {...field("comment")}
        label="Your comment"
        placeholder="Comment"
        multiline
        className="sm:col-span-2"
      />
      <Button type="submit" disabled={sending} className="mt-2 sm:col-span-2 sm:justify-self-start">
        {sending ? "Posting..." : "Post Comment"}
        <Icon name="send" className="size-5" />
      </Button>
    </form>
  );
}
