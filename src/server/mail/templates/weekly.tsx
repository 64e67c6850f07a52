import { Heading, Text } from "@react-email/components";
import { Layout, text, type MailSite } from "./layout.tsx";
import { PieceCard, type MailPiece } from "./piece-card.tsx";

export interface WeeklyMailProps extends MailSite {
  pieces: MailPiece[];
  /** Whether the first pieces are Editors' Picks (the rest are the week's most liked). */
  picks: number;
  unsubscribeUrl: string;
}

/** The weekly best-of (issue 14 item 3): the week's Editors' Picks, filled up by its most-liked pieces. */
export function WeeklyMail({ pieces, picks, unsubscribeUrl, ...site }: WeeklyMailProps) {
  const intro =
    picks === pieces.length
      ? "The pieces our editors picked this week."
      : picks > 0
        ? "The pieces our editors picked this week, and the ones readers liked most."
        : "The pieces readers liked most this week.";
  return (
    <Layout
      {...site}
      preview={`The week's best on ${site.siteName}`}
      reason={`You got this because you have an account on ${site.siteName} and the weekly best-of is on.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Heading as="h1" style={{ ...text, fontSize: "22px", fontWeight: "normal" }}>
        The week&apos;s best
      </Heading>
      <Text style={text}>{intro}</Text>
      {pieces.map((p) => (
        <PieceCard key={p.url} piece={p} />
      ))}
    </Layout>
  );
}
