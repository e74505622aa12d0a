import { BellOutlined } from "@ant-design/icons";
import { Badge, Button } from "antd";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyComponent } from "../../../shell/lazy-component";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useUnreadCount } from "../api/unread-count";
import { useUnreadPolling } from "../use-unread-polling";

// The list (with its pagination, filters and notice rendering) is its own script, fetched when the
// pointer or focus reaches the bell, or on the first click (docs/performance.md, "A phone as slow
// as Lighthouse's reference").
const NoticeDrawer = lazyComponent(() => import("./notice-drawer"), "NoticeDrawer");

/** What the bell, its counter and the page's first count need: without it nothing is asked (the server refuses). */
export const NOTICE_PERMISSIONS = ["notice:read"];

/** The header bell: unread counter of the active organisation; opens the notice list. */
export function NoticeBell() {
  const { t } = useTranslation();
  const { tenant, can } = useTenantAccess();
  const tenantId = tenant && can(NOTICE_PERMISSIONS) ? tenant.tenant.id : null;
  useUnreadPolling(tenantId);
  const count = useUnreadCount(tenantId ?? "");
  // The drawer (its queries and breakpoint) is mounted the first time it opens, not with every page.
  const [open, setOpen] = useState<boolean | null>(null);
  if (!tenantId) return null;
  return (
    <>
      <Badge count={count} size="small" overflowCount={99} offset={[-4, 4]}>
        <Button
          type="text"
          icon={<BellOutlined />}
          data-testid="notice-bell"
          data-unread={count}
          aria-label={count > 0 ? t("notice-center:bellUnread", { count }) : t("notice-center:bell")}
          onPointerEnter={NoticeDrawer.prefetch}
          onFocus={NoticeDrawer.prefetch}
          onClick={() => setOpen(true)}
        />
      </Badge>
      {open !== null && (
        <Suspense fallback={null}>
          <NoticeDrawer tenantId={tenantId} open={open} unreadCount={count} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
