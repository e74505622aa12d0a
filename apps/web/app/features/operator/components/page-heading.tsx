import { Typography } from "antd";
import type { ReactNode } from "react";

/** A console page's title (its one h1) with an optional line under it. */
export function PageHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
    </div>
  );
}
