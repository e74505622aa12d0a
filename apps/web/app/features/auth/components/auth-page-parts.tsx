import { Button, Typography } from "antd";
import type { ReactNode } from "react";

/** Title and one line of explanation at the top of a sign-in, sign-up or reset card. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>
    </>
  );
}

/** The link line under the card's form ("No account yet? Create one"). */
export function AuthFooter({ children }: { children: ReactNode }) {
  return (
    <Typography.Paragraph style={{ marginTop: 20, marginBottom: 0, textAlign: "center" }}>
      {children}
    </Typography.Paragraph>
  );
}

/**
 * The card's one submit button, the same on every sign-in, sign-up, reset and invitation page. Its
 * name is its label whatever it is doing, and "busy" says when it works: antd's spinning icon
 * carries the name "loading", and when its leaving animation does not end (seen on a loaded
 * machine) the icon stays, invisible, and a screen reader would still read "loading Sign in".
 */
export function AuthSubmit({
  loading,
  testId,
  children,
}: {
  loading: boolean;
  testId?: string;
  children: string;
}) {
  return (
    <Button
      type="primary"
      htmlType="submit"
      block
      size="large"
      loading={loading}
      aria-label={children}
      aria-busy={loading}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
