import { useState } from "react";
import { useNavigation } from "react-router";
import { ISSUE_LIMITS, validateIssue } from "#app/lib/newsletter-issue-schema.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { ConsoleForm } from "./console-form.tsx";

/** A newsletter issue's subject and Markdown body: checked in the browser with the server's own
 *  rules (app/lib/newsletter-issue-schema.ts), which the server checks again. */
export function IssueForm({
  values,
  errors: serverErrors,
  submitLabel,
}: {
  values?: { subject: string; body: string };
  errors?: Partial<Record<"subject" | "body", string>>;
  submitLabel: string;
}) {
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const errors: Record<string, string | undefined> = { ...serverErrors, ...clientErrors };
  const busy = useNavigation().state === "submitting";

  function check(event: React.FormEvent<HTMLFormElement>) {
    const result = validateIssue(Object.fromEntries(new FormData(event.currentTarget)));
    if (result.success) return setClientErrors({});
    event.preventDefault();
    setClientErrors(result.errors as Record<string, string>);
    const first = Object.keys(result.errors)[0];
    if (first) document.getElementById(`field-${first}`)?.focus();
  }

  return (
    <ConsoleForm noValidate onSubmit={check} className="grid gap-1">
      <FormField
        name="subject"
        label="Subject"
        autoComplete="off"
        maxLength={ISSUE_LIMITS.subject}
        defaultValue={values?.subject}
        error={errors.subject}
        required
      />
      <FormField
        name="body"
        label="The issue, in Markdown"
        multiline
        rows={16}
        maxLength={ISSUE_LIMITS.body}
        defaultValue={values?.body}
        error={errors.body}
        required
        className="[&_textarea]:font-mono [&_textarea]:text-sm"
      />
      <details className="mb-4 text-sm text-ink-muted">
        <summary className="cursor-pointer py-3 font-semibold text-ink">How to write it</summary>
        <ul className="mt-1 grid list-disc gap-1 pl-5">
          <li>A blank line between paragraphs.</li>
          <li>
            <code>## A heading</code>, <code>**bold**</code>, <code>*italic*</code>,{" "}
            <code>- a list item</code>.
          </li>
          <li>
            A link: <code>[the words](https://techspark.ng/…)</code>. Only web and e-mail links are kept.
          </li>
          <li>HTML is shown as text. Pictures become links, so that nothing loads before a reader asks.</li>
          <li>Each subscriber&rsquo;s unsubscribe link is added at the end.</li>
        </ul>
      </details>
      <div>
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </ConsoleForm>
  );
}
