// A signed-in staff member as the console's pages (and the console's ports) see them.

/** Who is signed in to the staff console, as its pages see it. */
export type StaffSessionView = {
  member: { id: string; email: string; name: string; role: "owner" | "staff" };
  sessionId: string;
  /** When the session ends if nothing happens (idle or absolute, whichever is first). */
  expiresAt: number;
  /** What every console form carries and every console action checks (server/staff/form-token.ts). */
  formToken: string;
};
