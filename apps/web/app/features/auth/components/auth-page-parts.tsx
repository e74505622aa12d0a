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

/** The card's one submit button, the same on every sign-in, sign-up, reset and invitation page. */
export function AuthSubmit({
  loading,
  testId,
  children,
}: {
  loading: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Button type="primary" htmlType="submit" block size="large" loading={loading} data-testid={testId}>
      {children}
    </Button>
  );
}
