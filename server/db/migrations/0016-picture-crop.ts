// A picture uploaded to a frame (issue 29: a team member's portrait, 4:5): the part of the upload
// kept, applied by the conversion (the original is dropped once converted). Null: the picture as
// uploaded (the posts' pictures). JSON: { "frame": "portrait", "rect": [x, y, w, h] } with the
// rectangle in fractions of the upright picture, or no rect: the frame's largest part around
// what draws the eye (sharp's attention strategy), the plain form's crop.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("post_picture").addColumn("crop", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("post_picture").dropColumn("crop").execute();
  },
};
