import { Button, Heading, Link, Text } from "@react-email/components";
import { colors, Layout, link, small, text, type MailSite } from "./layout.tsx";

export interface DigestLine {
  text: string;
  url: string;
}

export interface DigestMailProps extends MailSite {
  heading: string;
  lines: DigestLine[];
  /** Unread notifications beyond the listed ones. */
  more: number;
  notificationsUrl: string;
  reason: string;
  unsubscribeUrl: string;
}

/** The digest of unread notifications (issue 14 item 6): one line each, linked; no tracking. */
export function DigestMail({ heading, lines, more, notificationsUrl, reason, unsubscribeUrl, ...site }: DigestMailProps) {
  return (
    <Layout {...site} preview={heading} reason={reason} unsubscribeUrl={unsubscribeUrl}>
      <Heading as="h1" style={{ ...text, fontSize: "22px", fontWeight: "normal" }}>
        {heading}
      </Heading>
      {lines.map((line, i) => (
        <Text key={i} style={text}>
          <Link href={line.url} style={link}>
            {line.text}
          </Link>
        </Text>
      ))}
      {more > 0 ? <Text style={small}>…and {more} more.</Text> : null}
      <Button href={notificationsUrl} style={{ backgroundColor: colors.accent, color: "#ffffff", padding: "10px 18px", borderRadius: "6px", fontFamily: "Georgia, serif" }}>
        See all notifications
      </Button>
    </Layout>
  );
}
