import { Drawer } from "antd";
import type { ReactNode } from "react";
import { BrandLogo } from "./brand-logo";

/** The side menu on a phone: a drawer from the start edge, under the brand. */
export function MenuDrawer(props: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      placement="left"
      size={260}
      title={<BrandLogo height={24} />}
    >
      {props.children}
    </Drawer>
  );
}
