// @vitest-environment happy-dom
// The editor's inputs made from a type's fields: the testimonial's consent may be left empty
// (optional), every other input is required; a browser check before sending says "Required." for
// an empty required input only, and skips a list's empty row.
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { testimonialType } from "#app/content-types/testimonial/type.ts";
import { fieldValues } from "#app/config/content-fields.ts";
import { checkFields, ContentFields } from "./content-fields.tsx";

afterEach(cleanup);

describe("a testimonial's form", () => {
  it("requires every input but the consent's, and the browser's check says so in the server's words", () => {
    const { container } = render(
      <form>
        <ContentFields fields={testimonialType.fields} values={fieldValues(testimonialType.fields)} isNew />
      </form>,
    );
    const required = (name: string) =>
      container.querySelector<HTMLInputElement>(`[name="${name}"]`)!.required;
    expect(required("consent.by")).toBe(false);
    expect(required("consent.date")).toBe(false);
    expect(required("quote")).toBe(true);
    expect(required("name")).toBe(true);
    const errors = checkFields(container.querySelector("form")!);
    expect(errors.quote).toBe("Required.");
    expect(errors).not.toHaveProperty("consent.by");
    expect(errors).not.toHaveProperty("consent.date");
  });
});
