import { Button, Heading, Link, Section, Text } from "@react-email/components";
import { colors, Layout, link, small, text, type MailSite } from "./layout.tsx";
import { PieceCard, type MailPiece } from "./piece-card.tsx";

export interface MonthlyOwnPiece {
  name: string;
  /** "Nov 3" */
  day: string;
  wordCount: number;
}

export interface MonthlyMailProps extends MailSite {
  /** "November 2026" */
  monthLabel: string;
  pieces: MonthlyOwnPiece[];
  /** Pieces beyond the list (a very busy month). */
  more: number;
  monthPages: number;
  totalPages: number;
  streak: string;
  achievements: string[];
  best: MailPiece[];
  collectionUrl: string;
  unsubscribeUrl: string;
}

const reason = (siteName: string) => `You got this because you have an account on ${siteName} and the monthly collection is on.`;
const fmt = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });

/** The monthly collection (issue 14 item 4): the writer's own month, and the community's best of it. */
export function MonthlyMail({ monthLabel, pieces, more, monthPages, totalPages, streak, achievements, best, collectionUrl, unsubscribeUrl, ...site }: MonthlyMailProps) {
  return (
    <Layout {...site} preview={`Your ${monthLabel} collection`} reason={reason(site.siteName)} unsubscribeUrl={unsubscribeUrl}>
      <Heading as="h1" style={{ ...text, fontSize: "22px", fontWeight: "normal" }}>
        Your {monthLabel}
      </Heading>
      <Text style={text}>
        {pieces.length + more} {pieces.length + more === 1 ? "piece" : "pieces"} and {fmt(monthPages)} {monthPages === 1 ? "page" : "pages"} this month;{" "}
        {fmt(totalPages)} {totalPages === 1 ? "page" : "pages"} in all. Current streak: {streak}.
      </Text>
      {achievements.length ? <Text style={text}>Reached this month: {achievements.join(", ")}.</Text> : null}
      <Section>
        {pieces.map((p, i) => (
          <Text key={i} style={{ ...text, margin: "0 0 6px" }}>
            {p.day} — {p.name} <span style={{ color: colors.muted }}>({p.wordCount.toLocaleString("en-US")} words)</span>
          </Text>
        ))}
        {more > 0 ? <Text style={small}>…and {more} more in your collection.</Text> : null}
      </Section>
      <Button href={collectionUrl} style={{ backgroundColor: colors.accent, color: "#ffffff", padding: "10px 18px", borderRadius: "6px", fontFamily: "Georgia, serif" }}>
        Read your collection
      </Button>
      {best.length ? (
        <>
          <Heading as="h2" style={{ ...text, fontSize: "18px", marginTop: "28px" }}>
            The month&apos;s best on {site.siteName}
          </Heading>
          {best.map((p) => (
            <PieceCard key={p.url} piece={p} />
          ))}
        </>
      ) : null}
    </Layout>
  );
}

export interface MonthlyNudgeProps extends MailSite {
  monthLabel: string;
  writeUrl: string;
  unsubscribeUrl: string;
}

/** A month without a piece: no collection, a short and kind word instead. */
export function MonthlyNudgeMail({ monthLabel, writeUrl, unsubscribeUrl, ...site }: MonthlyNudgeProps) {
  return (
    <Layout {...site} preview="A new month, a blank page" reason={reason(site.siteName)} unsubscribeUrl={unsubscribeUrl}>
      <Heading as="h1" style={{ ...text, fontSize: "22px", fontWeight: "normal" }}>
        A new month, a blank page
      </Heading>
      <Text style={text}>
        {monthLabel} went by without a piece from you, and that is all right: months do that. Today&apos;s prompt is waiting whenever you have ten minutes, and
        ten minutes is all it asks.
      </Text>
      <Text style={text}>
        <Link href={writeUrl} style={link}>
          Write today&apos;s piece
        </Link>
      </Text>
    </Layout>
  );
}
