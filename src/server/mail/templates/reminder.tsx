import { Button, Heading, Text } from "@react-email/components";
import { colors, Layout, link, small, text, type MailSite } from "./layout.tsx";

export interface ReminderMailProps extends MailSite {
  /** Today's prompt, or null when there is none to show. */
  prompt: string | null;
  writeUrl: string;
  /** Set on the one reminder that asks whether to keep sending (after 14 days without writing). */
  keepUrl: string | null;
  reason: string;
  unsubscribeUrl: string;
}

const button = { backgroundColor: colors.accent, color: "#ffffff", padding: "10px 18px", borderRadius: "6px", fontFamily: "Georgia, serif" } as const;

/** The daily reminder (issue 14 item 5): today's prompt and the way to /write. No tracking pixel, no tracked links. */
export function ReminderMail({ prompt, writeUrl, keepUrl, reason, unsubscribeUrl, ...site }: ReminderMailProps) {
  const heading = keepUrl ? "Shall we keep reminding you?" : "Ten minutes for today's prompt";
  return (
    <Layout {...site} preview={prompt ?? heading} reason={reason} unsubscribeUrl={unsubscribeUrl}>
      <Heading as="h1" style={{ ...text, fontSize: "22px", fontWeight: "normal" }}>
        {heading}
      </Heading>
      {keepUrl ? (
        <>
          <Text style={text}>
            You haven&apos;t written for two weeks, so we are asking once: do you still want this reminder? If we don&apos;t hear from you, and you don&apos;t write, this is the last one.
          </Text>
          <Button href={keepUrl} style={button}>
            Keep reminding me
          </Button>
        </>
      ) : null}
      {prompt ? (
        <>
          <Text style={{ ...small, marginTop: keepUrl ? "22px" : "0" }}>Today&apos;s prompt</Text>
          <Text style={{ ...text, fontSize: "19px", fontStyle: "italic" }}>{prompt}</Text>
        </>
      ) : null}
      {keepUrl ? (
        <Text style={text}>
          <a href={writeUrl} style={link}>
            Write for ten minutes
          </a>
        </Text>
      ) : (
        <Button href={writeUrl} style={button}>
          Write for ten minutes
        </Button>
      )}
    </Layout>
  );
}
