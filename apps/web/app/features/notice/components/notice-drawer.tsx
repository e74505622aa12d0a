import { NOTICE_PAGE_SIZE_DEFAULT, type NoticeItem } from "@nc/contracts/notices";
import { Alert, Badge, Button, Drawer, Empty, Flex, Pagination, Spin, Switch, Typography, theme } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDevice } from "../../../shell/device/use-device";
import { useScreenAtLeast } from "../../../shell/device/use-screen-at-least";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { useNotices } from "../api/notices";
import { useReadAllNotices } from "../api/read-all-notices";
import { useReadNotice } from "../api/read-notice";
import { NoticeContent } from "./notice-content";

const PAGE_SIZE = Math.min(10, NOTICE_PAGE_SIZE_DEFAULT);

function NoticeRow({
  notice,
  onRead,
  onNavigate,
}: {
  notice: NoticeItem;
  onRead: (id: string) => void;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const { token, cssVar } = theme.useToken();
  const formatDate = useTenantDate();
  return (
    // Clicking anywhere on an unread notice marks it read; the button does the same by keyboard.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the "mark as read" button is the keyboard path
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    <div
      data-testid="notice-item"
      data-read={notice.read ? "1" : "0"}
      onClick={() => !notice.read && onRead(notice.id)}
      style={{
        padding: "12px 0",
        borderBottom: `1px solid ${cssVar.colorSplit}`,
        cursor: notice.read ? "default" : "pointer",
      }}
    >
      <Flex align="center" gap={8}>
        {/* A dot is a picture to a screen reader: named, so "Unread" is read out, and valid ARIA. */}
        {!notice.read && <Badge status="processing" role="img" aria-label={t("notice-center:unread")} />}
        <Typography.Text strong={!notice.read} style={{ flex: 1 }}>
          {notice.title}
        </Typography.Text>
      </Flex>
      <Typography.Paragraph style={{ margin: "4px 0", color: cssVar.colorTextSecondary }}>
        <NoticeContent content={notice.content} onNavigate={onNavigate} />
      </Typography.Paragraph>
      <Flex align="center" justify="space-between" style={{ minHeight: 24 }}>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {formatDate(notice.createdAt)}
        </Typography.Text>
        {!notice.read && (
          <Button
            size="small"
            type="link"
            onClick={(event) => {
              // The row's own click marks it read too: one request, not two.
              event.stopPropagation();
              onRead(notice.id);
            }}
          >
            {t("notice-center:markRead")}
          </Button>
        )}
      </Flex>
    </div>
  );
}

/** The notice list: unread filter, paging, mark one or all read. */
export function NoticeDrawer({
  tenantId,
  open,
  unreadCount,
  onClose,
}: {
  tenantId: string;
  open: boolean;
  unreadCount: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const wide = useScreenAtLeast("s", !useDevice().phone);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const notices = useNotices(tenantId, { page, pageSize: PAGE_SIZE, unread: unreadOnly }, open);
  const readOne = useReadNotice(tenantId);
  const readAll = useReadAllNotices(tenantId);
  const data = notices.data;

  // Marking read under the unread filter can empty the last page: step back to one that exists.
  useEffect(() => {
    if (data && data.data.length === 0 && data.total > 0 && page > 1)
      setPage(Math.max(1, Math.ceil(data.total / PAGE_SIZE)));
  }, [data, page]);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t("notice-center:title")}
      size={wide ? 420 : "100%"}
      extra={
        <Button
          size="small"
          data-testid="notice-read-all"
          disabled={unreadCount === 0 && !data?.data.some((n) => !n.read)}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          {t("notice-center:markAllRead")}
        </Button>
      }
    >
      <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
        <Switch
          size="small"
          id="notice-unread-only"
          checked={unreadOnly}
          onChange={(checked) => {
            setUnreadOnly(checked);
            setPage(1);
          }}
        />
        <label htmlFor="notice-unread-only">{t("notice-center:unreadOnly")}</label>
      </Flex>
      {notices.isError ? (
        <Alert
          type="error"
          showIcon
          title={t("notice-center:loadError")}
          action={
            <Button size="small" onClick={() => void notices.refetch()}>
              {t("notice-center:retry")}
            </Button>
          }
        />
      ) : (
        <Spin spinning={notices.isFetching && !data}>
          {data && data.data.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(unreadOnly ? "notice-center:emptyUnread" : "notice-center:empty")}
            />
          ) : (
            (data?.data ?? []).map((notice) => (
              <NoticeRow
                key={notice.id}
                notice={notice}
                onRead={(id) => readOne.mutate(id)}
                onNavigate={onClose}
              />
            ))
          )}
          {data && data.total > PAGE_SIZE && (
            <Pagination
              size="small"
              simple
              style={{ marginTop: 12, justifyContent: "center" }}
              current={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onChange={setPage}
            />
          )}
        </Spin>
      )}
    </Drawer>
  );
}
