import { Button, Heading, Link, Text } from "@react-email/components";
import { button, Layout, link, small, text, type MailSite } from "./layout.tsx";

export interface WriteInMailProps extends MailSite {
  /** The write-in's title, as its scheduler wrote it (text: React escapes it). */
  title: string;
  /** Its start in the writer's own zone: "December 2, 2026 at 7:00 PM (Europe/Paris)". */
  when: string;
  lengthMinutes: number;
  /** The circle it belongs to; null for a write-in of the whole community. */
  circleName: string | null;
  joinUrl: string;
  calendarUrl: string;
  reason: string;
  unsubscribeUrl: string;
}

/** "Starts in 10 minutes" (issue 30 item 1): the write-in, when, whose, the way in. No writer's text, no tracking. */
export function WriteInMail({ title, when, lengthMinutes, circleName, joinUrl, calendarUrl, reason, unsubscribeUrl, ...site }: WriteInMailProps) {
  return (
    <Layout {...site} preview={`Starts ${when}`} reason={reason} unsubscribeUrl={unsubscribeUrl}>
      <Text style={small}>{circleName ? `A write-in of ${circleName}` : "A write-in for the whole community"}</Text>
      <Heading as="h1" style={{ ...text, fontSize: "22px", fontWeight: "normal" }}>
        {title}
      </Heading>
      <Text style={text}>
        Starts {when}, for {lengthMinutes} minutes. You said you&apos;re coming: joining is open now, and the countdown is the same for everyone.
      </Text>
      <Button href={joinUrl} style={button}>
        Join the write-in
      </Button>
      <Text style={{ ...small, marginTop: "22px" }}>
        <Link href={calendarUrl} style={link}>
          Add it to your calendar (.ics)
        </Link>
      </Text>
    </Layout>
  );
}
