import { cn } from "#app/lib/cn.ts";

type FieldProps = {
  name: string;
  label: string;
  error?: string;
  multiline?: boolean;
  className?: string;
} & Omit<React.ComponentProps<"input"> & React.ComponentProps<"textarea">, "name">;

const controlClass =
  "w-full rounded-2xl border bg-canvas px-5 py-3.5 text-ink placeholder:text-ink-muted transition-colors focus:border-primary aria-invalid:border-danger";

/** A labelled input or textarea whose error is announced and linked to it. */
export function FormField({ name, label, error, multiline, className, id, ...props }: FieldProps) {
  const fieldId = id ?? `field-${name}`;
  const errorId = `${fieldId}-error`;
  const shared = {
    id: fieldId,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: cn(controlClass, error ? "border-danger" : "border-line"),
  };
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-2 block text-sm font-semibold">
        {label}
      </label>
      {multiline ? (
        <textarea rows={6} {...shared} {...(props as React.ComponentProps<"textarea">)} />
      ) : (
        <input {...shared} {...(props as React.ComponentProps<"input">)} />
      )}
      <p id={errorId} className="mt-1.5 min-h-5 text-sm font-medium text-danger">
        {error}
      </p>
    </div>
  );
}
