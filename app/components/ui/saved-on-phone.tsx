import { useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { OUTBOX_WORDS, type OutboxForm } from "#app/config/forms.ts";

type SavedOnPhoneProps = {
  /** The form it was written in. */
  form: OutboxForm;
  /** Puts it on the clipboard; false when the browser refused. */
  onCopy: () => Promise<boolean>;
  /** Deletes it from the phone: it will not be sent. */
  onDelete: () => void;
};

/**
 * The buttons of a form kept on the phone (app/lib/outbox.ts): copy what was written, or delete
 * it before it goes. The form's own status region says that it is kept; these say whether the
 * copy worked. Part of the page, not loaded later: they must show with no network (a lazy
 * chunk saved 65 B of the first load and could be missing on a page opened offline).
 */
export function SavedOnPhone({ form, onCopy, onDelete }: SavedOnPhoneProps) {
  const what = OUTBOX_WORDS[form];
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="mt-2 mb-4 flex flex-wrap items-center gap-3">
      <Button type="button" tone="outline" size="sm" onClick={() => void onCopy().then(setCopied)}>
        Copy {what}
      </Button>
      <Button type="button" tone="outline" size="sm" onClick={onDelete}>
        Delete {what}
      </Button>
      <span role="status" className="text-sm">
        {copied === true && "Copied."}
        {copied === false && "This browser did not allow copying: select the text in the form instead."}
      </span>
    </div>
  );
}
