import { useEffect, useRef } from "react";
import { Button } from "#app/components/ui/button.tsx";

/** A new post's one question before it goes on the blog: its button sends the post's form (all
 *  that was written) to be saved and published at once. With JavaScript the page asks without a
 *  round trip; without, the server answers Publish with this panel. The focus moves to it. */
export function PublishConfirm({ formId, onCancel }: { formId: string; onCancel?: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="confirm-publish-title"
      className="grid gap-2 rounded-card border-2 border-primary bg-surface p-5"
    >
      <h3 id="confirm-publish-title" ref={heading} tabIndex={-1} className="text-lg font-semibold">
        Publish this post?
      </h3>
      <p className="text-ink-muted">
        It is saved and goes on the blog at once: its page, the lists, search and the feed. With a time under
        &ldquo;Or publish at&rdquo;, it is scheduled for then instead. You can unpublish it afterwards.
      </p>
      <div className="mt-1 flex flex-wrap gap-3">
        <Button type="submit" form={formId} name="intent" value="publish-confirmed">
          Publish
        </Button>
        {onCancel && (
          <Button type="button" tone="outline" onClick={onCancel}>
            Not yet
          </Button>
        )}
      </div>
    </section>
  );
}
