import { Button, Heading, Text } from "@react-email/components";
import { colors, Layout, link, small, text, type MailSite } from "./layout.tsx";

export interface ActionMailProps extends MailSite {
  heading: string;
  body: string;
  action: string;
  url: string;
  reason: string;
}

/** One message, one button: the account emails (confirm an address, reset a password). */
export function ActionMail({ heading, body, action, url, reason, ...site }: ActionMailProps) {
  return (
    <Layout {...site} preview={heading} reason={reason}>
      <Heading as="h1" style={{ ...text, fontSize: "22px", fontWeight: "normal" }}>
        {heading}
      </Heading>
      <Text style={text}>{body}</Text>
      <Button href={url} style={{ backgroundColor: colors.accent, color: "#ffffff", padding: "10px 18px", borderRadius: "6px", fontFamily: "Georgia, serif" }}>
        {action}
      </Button>
      <Text style={{ ...small, marginTop: "18px" }}>
        If the button does not work, paste this address into your browser:{" "}
        <a href={url} style={link}>
          {url}
        </a>
      </Text>
    </Layout>
  );
}
