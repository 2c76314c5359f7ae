import { useState } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import {
  COMMENT_FIELDS,
  COMMENT_LIMITS,
  COMMENT_THANKS,
  commentFieldError,
  validateComment,
  type CommentErrors,
  type CommentField,
} from "#app/lib/comment-form.ts";
import { notify } from "#app/lib/notify.ts";

type CommentFormProps = {
  /** The post's address: without JavaScript the form posts there and the page thanks the visitor. */
  action: string;
  /** What that post answered, without JavaScript. */
  outcome?: { thanked: boolean; errors?: CommentErrors; values?: Record<string, string> };
};

/** 'Leave a comments': checked in the browser, then reset with a thank-you toast. Nothing is stored. */
export function CommentForm({ action, outcome }: CommentFormProps) {
  const [errors, setErrors] = useState<CommentErrors>(outcome?.errors ?? {});
  const values = outcome?.thanked ? {} : (outcome?.values ?? {});

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<CommentField, string>;
    const found = validateComment(data);
    setErrors(found);
    const first = COMMENT_FIELDS.find((f) => found[f]);
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    form.reset();
    void notify("success", COMMENT_THANKS);
  }

  // A field is checked again as soon as the visitor leaves it, once it has shown an error.
  const field = (name: CommentField) => ({
    name,
    id: `comment-${name}`,
    required: true,
    maxLength: COMMENT_LIMITS[name],
    defaultValue: values[name],
    error: errors[name],
    onBlur: (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      if (errors[name]) setErrors((e) => ({ ...e, [name]: commentFieldError(name, value) }));
    },
  });

  return (
    <form
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      className="grid gap-x-5 gap-y-1 sm:grid-cols-2"
    >
      {outcome?.thanked && (
        <p
          role="status"
          className="mb-5 flex items-center gap-3 rounded-2xl border border-primary/30 bg-primary/10 px-5 py-4 font-medium sm:col-span-2"
        >
          <Icon name="check" className="size-5 text-primary-ink" />
          {COMMENT_THANKS}!
        </p>
      )}
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
      <Button type="submit" className="mt-2 sm:col-span-2 sm:justify-self-start">
        Post Comment
        <Icon name="send" className="size-5" />
      </Button>
    </form>
  );
}
