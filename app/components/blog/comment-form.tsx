import { useRef, useState } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { HONEYPOT_FIELD, XSRF_FIELD } from "#app/config/forms.ts";
import {
  COMMENT_ENDPOINT,
  COMMENT_FIELDS,
  COMMENT_LIMITS,
  COMMENT_PENDING,
  COMMENT_THANKS,
  type CommentErrors,
  type CommentField,
} from "#app/lib/comment-fields.ts";
import { notify } from "#app/lib/notify.ts";

/** What the post's action answered to the form without JavaScript (app/lib/comments.server.ts). */
export type CommentFormOutcome = {
  outcome?: { success: boolean; message: string; errors?: CommentErrors };
  notice?: string;
  token?: string;
  values: Record<string, string>;
};

type CommentFormProps = {
  postId: number;
  /** The post's address: without JavaScript the form posts there. */
  action: string;
  /** The comment this one answers, if any. */
  replyTo?: { id: string; name: string };
  /** Where "Cancel reply" leads without JavaScript (the post), and what it does with it. */
  onCancelReply: (event: React.MouseEvent<HTMLAnchorElement>) => void;
  /** After a comment was sent (with JavaScript): the form is empty and answers nobody. */
  onSent: () => void;
  outcome?: CommentFormOutcome;
};

// The validator and the form's client (token, JSON post) load when the reader starts on the form.
const loadValidator = () => import("#app/lib/comment-schema.ts");
const formClient = () => import("#app/lib/form-client.ts");

/**
 * 'Leave a comments'. Without JavaScript it is a plain POST to the post's address; with it, it is
 * checked in the browser (the server's own rules) and posted as JSON to /api/comments. Either way
 * the comment is kept as pending and shown once the agency approves it.
 */
export function CommentForm({ postId, action, replyTo, onCancelReply, onSent, outcome }: CommentFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<CommentErrors>(outcome?.outcome?.errors ?? {});
  const [failure, setFailure] = useState(outcome?.outcome?.success === false ? outcome.outcome.message : "");
  const [success, setSuccess] = useState(outcome?.outcome?.success ? outcome.outcome.message : "");
  const [note, setNote] = useState(outcome?.notice ?? "");
  const values = outcome?.values ?? {};

  const focusFirstError = (found: CommentErrors) => {
    const first = COMMENT_FIELDS.find((f) => found[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setSuccess("");
    setNote("");
    const checked = (await loadValidator()).validateComment(data);
    if (!checked.success) {
      setErrors(checked.errors);
      focusFirstError(checked.errors);
      return;
    }
    setErrors({});
    setSending(true);
    const { sendForm } = await formClient();
    const result = await sendForm<CommentErrors>(COMMENT_ENDPOINT, {
      ...checked.data,
      postId,
      parentId: replyTo?.id ?? "",
      [HONEYPOT_FIELD]: data[HONEYPOT_FIELD] ?? "",
    });
    setSending(false);
    if (result.ok) {
      form.current?.reset();
      onSent();
      setFailure("");
      setSuccess(result.message);
      void notify("success", COMMENT_THANKS, COMMENT_PENDING);
    } else {
      setFailure(result.message);
      setErrors(result.errors ?? {});
      focusFirstError(result.errors ?? {});
      void notify("error", result.message);
    }
  }

  // A field is checked when the reader leaves it (once they typed, or after an error).
  const field = (name: CommentField) => ({
    name,
    id: `comment-${name}`,
    required: true,
    maxLength: COMMENT_LIMITS[name],
    defaultValue: values[name],
    error: errors[name],
    onFocus: () => {
      void loadValidator().catch(() => {});
      void formClient()
        .then((client) => client.prepareForm())
        .catch(() => {}); // asked again when sending
    },
    onBlur: async (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      if (!value && !errors[name]) return;
      const { validateCommentField } = await loadValidator();
      setErrors((current) => ({ ...current, [name]: validateCommentField(name, value) }));
    },
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
