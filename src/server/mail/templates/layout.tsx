import type { ReactNode } from "react";
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";

/** What every email knows about where it comes from. */
export interface MailSite {
  siteName: string;
  appUrl: string;
}

export interface LayoutProps extends MailSite {
  /** The line a mail program shows next to the subject. */
  preview: string;
  /** "Why you got this", in the footer. */
  reason: string;
  /** The page that turns this kind of email off (none for account emails). */
  unsubscribeUrl?: string | undefined;
  children: ReactNode;
}

export const colors = { paper: "#faf7f0", ink: "#2b2620", muted: "#6b645a", accent: "#7a3e12", line: "#e4ddd0" };
export const serif = "Georgia, 'Times New Roman', serif";

export const text = { fontFamily: serif, fontSize: "16px", lineHeight: "1.6", color: colors.ink, margin: "0 0 14px" } as const;
export const small = { ...text, fontSize: "13px", color: colors.muted } as const;
export const link = { color: colors.accent } as const;
/** The one call to action of an email. */
export const button = { backgroundColor: colors.accent, color: "#ffffff", padding: "10px 18px", borderRadius: "6px", fontFamily: serif } as const;

/** The frame of every inkwell email: the site's name, the content, and a footer saying why. */
export function Layout({ siteName, appUrl, preview, reason, unsubscribeUrl, children }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.paper, margin: 0, padding: "24px 12px" }}>
        <Container style={{ maxWidth: "560px" }}>
          <Text style={{ ...text, fontSize: "20px" }}>
            <Link href={appUrl} style={{ ...link, textDecoration: "none" }}>
              {siteName}
            </Link>
          </Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: colors.line, margin: "28px 0 12px" }} />
          <Text style={small}>{reason}</Text>
          {unsubscribeUrl ? (
            <Text style={small}>
              <Link href={unsubscribeUrl} style={link}>
                Unsubscribe
              </Link>{" "}
              or choose what you get in{" "}
              <Link href={`${appUrl}/settings/notifications`} style={link}>
                your email settings
              </Link>
              .
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
