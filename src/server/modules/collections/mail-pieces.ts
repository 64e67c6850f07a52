import { truncateMarkup, promptLine } from "#shared/domain/markup.ts";
import { namedByPrompt, pieceName } from "#shared/domain/piece-name.ts";
import { contentWarningText } from "#shared/schemas/piece-controls.ts";
import type { MailPiece } from "../../mail/templates/piece-card.tsx";
import type { BestPieceRow } from "./best-pieces.query.ts";

/** An excerpt in an email: at most this many characters, "…" included. */
export const MAIL_EXCERPT_MAX = 300;
/** A piece's name in an email. */
const NAME_MAX = 90;

/** The excerpt's markup: cut at a word with no stray markers, "…" when cut (truncateMarkup). */
export function mailExcerpt(content: string): string {
  const cut = truncateMarkup(content, MAIL_EXCERPT_MAX - 1);
  return cut.truncated ? `${cut.text}…` : cut.text;
}

/** A best piece as an email shows it; behind a content warning only the warning (issue 13 item 6). */
export function toMailPiece(row: BestPieceRow, appUrl: string): MailPiece {
  const byPrompt = namedByPrompt(row.title, row.prompt);
  return {
    url: `${appUrl}/submission/${row.id}`,
    name: pieceName(row.title, row.prompt, { max: NAME_MAX }),
    prompt: byPrompt ? null : row.prompt.kind === "freewrite" ? "A freewrite" : promptLine(row.prompt.text),
    authorLabel: row.authorLabel,
    excerpt: row.contentWarning ? null : mailExcerpt(row.content),
    warning: row.contentWarning ? contentWarningText(row.contentWarning) : null,
  };
}
