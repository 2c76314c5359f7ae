// Reading a form posted without JavaScript (React Router actions): never a 500 for a bad body.

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The posted form, or why the body is not one (answered as a form error, never a 500). */
export async function readForm(request: Request): Promise<FormData | { status: number; message: string }> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) return { status: 415, message: "Please send the form from this page." };
  try {
    return await request.formData();
  } catch {
    return {
      status: 400,
      message: "We could not read the form. Please fill it in again and send it.",
    };
  }
}

/** The form's text fields (files are ignored). */
export function textFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") fields[key] = value;
  return fields;
}
