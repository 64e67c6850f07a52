import { Link, Section, Text } from "@react-email/components";
import { colors, link, small, text } from "./layout.tsx";
import { MailMarkup } from "./markup.tsx";

/** A community piece as an email shows it: already signed, cut and addressed by the sender. */
export interface MailPiece {
  url: string;
  name: string;
  /** The prompt on one line (plain text), or null when the piece goes by its prompt. */
  prompt: string | null;
  authorLabel: string;
  /** Markup of at most 300 characters, or null behind a content warning. */
  excerpt: string | null;
  /** "Content warning: …", shown instead of the excerpt. */
  warning: string | null;
}

export function PieceCard({ piece }: { piece: MailPiece }) {
  return (
    <Section style={{ borderTop: `1px solid ${colors.line}`, paddingTop: "14px", marginTop: "6px" }}>
      <Text style={{ ...text, fontSize: "18px", margin: "0 0 4px" }}>
        <Link href={piece.url} style={{ ...link, textDecoration: "none" }}>
          {piece.name}
        </Link>
      </Text>
      <Text style={{ ...small, margin: "0 0 8px" }}>
        by {piece.authorLabel}
        {piece.prompt ? ` · ${piece.prompt}` : null}
      </Text>
      {piece.warning ? (
        <Text style={{ ...small, fontStyle: "italic" }}>{piece.warning}</Text>
      ) : (
        <Text style={text}>
          <MailMarkup text={piece.excerpt ?? ""} />
        </Text>
      )}
      <Text style={small}>
        <Link href={piece.url} style={link}>
          Read it on the site
        </Link>
      </Text>
    </Section>
  );
}
