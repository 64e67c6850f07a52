import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { authorLabel, commenterLabel, SIGNATURES, type Signature } from "#shared/domain/author.ts";
import type { AdminUserDetail } from "#shared/schemas/admin.ts";
import type { AddedComment, CommentList } from "#shared/schemas/community.ts";
import { users } from "#server/db/schema/index.ts";
import { createPrompt, createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { feedPage, getJson, SURFACES } from "./author-surfaces.test-helpers.ts";
import { admin, t, usePortfolioApp } from "./portfolio/test-helpers.ts";

/*
 * Issue 9, item 4: every signature, for every kind of writer, through every place a piece's
 * author is shown — and every place must say exactly what authorLabel() says
 * (shared/domain/author.ts), and never what the signature hides (the registered name of an
 * alias or anonymous piece, the alias of a name-signed or anonymous piece, the email).
 *
 * The surfaces are author-surfaces.test-helpers.ts. The OG image is a PNG, so it is observed
 * where the label goes in: renderPieceImage is wrapped in a spy that calls the real function (the
 * route still draws and answers the real image).
 *
 * GET /api/admin/users/:id carries no label (the admin is on that writer's own page and is shown
 * "Submitted as: <signature>"), so there it is the signature that must agree.
 */

vi.mock("#server/og/piece-image.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("#server/og/piece-image.ts")>();
  return { ...real, renderPieceImage: vi.fn(real.renderPieceImage) };
});

usePortfolioApp();

interface Writer {
  kind: string;
  name: string;
  alias: string | null;
  user: TestUser;
}
interface Case {
  what: string;
  promptId: string;
  writer: Writer;
  signature: Signature;
  id: string;
  title: string;
  label: string;
  /** Text this piece's author may never show, whatever the surface. */
  hidden: string[];
}

/** The writers, as the database holds them (blank values are written past sign-up's checks). */
const WRITERS = [
  { kind: "name and alias", name: "Hana Hiddenname", alias: "Moth Lantern" },
  { kind: "name, no alias", name: "Nils Plainname", alias: null },
  { kind: "blank name, no alias", name: "   ", alias: null },
  { kind: "name, blank alias", name: "Bea Blankalias", alias: "  " },
] as const;

const blank = (s: string | null) => (s ?? "").trim() === "";

let writers: Writer[];
let cases: Case[];
let promptId: string;

beforeAll(async () => {
  promptId = (await createPrompt(t, { date: "2001-02-03", text: "Write about a door left open" })).id;
  writers = await Promise.all(
    WRITERS.map(async (w, i) => {
      // Sign-up refuses a blank name or alias: sign up with something, then set the real value.
      const user = await createUser(t, { name: blank(w.name) ? `Signup ${i}` : w.name, alias: blank(w.alias) ? null : w.alias });
      await t.deps.db.update(users).set({ name: w.name, alias: w.alias }).where(eq(users.id, user.id));
      return { kind: w.kind, name: w.name, alias: w.alias, user };
    }),
  );
  cases = [];
  for (const [wi, writer] of writers.entries()) {
    for (const signature of SIGNATURES) {
      const title = `Door piece ${wi}-${signature}`;
      const piece = await createSubmission(t, writer.user, {
        promptId,
        title,
        content: `A door left open, seen from the hallway, piece ${wi} ${signature}.`,
        submissionType: signature,
        isFeatured: true,
      });
      const hidden = [writer.user.email];
      if (signature !== "name" && !blank(writer.name)) hidden.push(writer.name);
      if (signature !== "alias" && !blank(writer.alias)) hidden.push(writer.alias!);
      cases.push({
        what: `${writer.kind} / ${signature}`,
        writer,
        signature,
        id: piece.id,
        promptId,
        title,
        label: authorLabel(signature, writer.name, writer.alias),
        hidden,
      });
    }
  }
});

describe("author labels agree everywhere a piece is shown", () => {
  it("covers every signature for every writer", () => {
    expect(cases).toHaveLength(WRITERS.length * SIGNATURES.length);
    // The rule itself, for the cases that make this table worth having.
    const label = (kind: string, s: Signature) => cases.find((c) => c.writer.kind === kind && c.signature === s)!.label;
    expect(label("name and alias", "alias")).toBe("Moth Lantern");
    expect(label("name, no alias", "alias")).toBe("Anonymous");
    expect(label("blank name, no alias", "name")).toBe("Writer");
    expect(label("name, blank alias", "alias")).toBe("Anonymous");
    expect(label("name and alias", "anonymous")).toBe("Anonymous");
  });

  it.each(Object.keys(SURFACES))("%s shows authorLabel() and nothing the signature hides", async (surface) => {
    for (const c of cases) {
      const { label, text } = await SURFACES[surface]!(c);
      expect(label, `${surface}: ${c.what}`).toBe(c.label);
      for (const secret of c.hidden) expect(text, `${surface}: ${c.what} shows "${secret}"`).not.toContain(secret);
    }
  });

  it("orders the By Author feed by the same labels it shows", async () => {
    const labels = (await feedPage(promptId, "author")).items.map((i) => i.author.label.toLowerCase());
    expect(labels).toHaveLength(cases.length);
    expect(labels).toEqual([...labels].sort());
  });

  it("lists each writer's pieces to admins with the signature they chose", async () => {
    for (const w of writers) {
      const detail = await getJson<AdminUserDetail>(`/api/admin/users/${w.user.id}`, admin.cookie);
      for (const c of cases.filter((x) => x.writer === w)) {
        expect(detail.submissions.find((s) => s.id === c.id)?.submissionType, c.what).toBe(c.signature);
      }
    }
  });

  it("labels the writer's own comment as the piece is signed, anyone else's by alias else name", async () => {
    for (const [i, c] of cases.entries()) {
      const other = writers[(writers.indexOf(c.writer) + 1 + (i % (writers.length - 1))) % writers.length]!;
      expect(other).not.toBe(c.writer);
      const post = async (user: TestUser) => {
        const res = await t.json<AddedComment>(`/api/community/pieces/${c.id}/comments`, { json: { content: `A note on ${c.title}` }, cookie: user.cookie });
        expect(res.status, c.what).toBe(201);
        return res.body.comment;
      };
      const own = await post(c.writer.user);
      const theirs = await post(other.user);
      const stored = c.signature === "alias" ? c.writer.alias : null;
      const expectedOwn = commenterLabel(c.writer, { isWriter: true, signature: c.signature, alias: stored });
      const expectedTheirs = commenterLabel(other, { isWriter: false, signature: c.signature, alias: stored });
      expect(expectedOwn, c.what).toBe(c.label);
      expect(expectedTheirs, c.what).toBe((other.alias ?? "").trim() || (other.name.trim() || "Writer"));

      expect(own, `own comment: ${c.what}`).toMatchObject({ authorLabel: c.label, byWriter: true });
      expect(theirs, `${other.kind} on ${c.what}`).toMatchObject({ authorLabel: expectedTheirs, byWriter: false });
      for (const secret of c.hidden) expect(JSON.stringify(own), `own comment: ${c.what}`).not.toContain(secret);

      const { comments } = await getJson<CommentList>(`/api/community/pieces/${c.id}/comments`);
      expect(comments.map((m) => [m.id, m.authorLabel]), `comment list: ${c.what}`).toEqual([
        [own.id, c.label],
        [theirs.id, expectedTheirs],
      ]);
    }
  });
});
