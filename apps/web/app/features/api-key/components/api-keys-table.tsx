import type { ApiKeyView } from "@nc/contracts/api-keys";
import { Flex, Table, Tooltip, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { VisuallyHidden } from "../../../shell/components/visually-hidden";
import { isClosed } from "../key-state";
import { useKeyTimes } from "../use-key-times";
import { ApiKeyActions } from "./api-key-actions";
import { KeyHint, KeyStatusTag, ModeTag, ScopeTags } from "./api-key-tags";
import { KeySpend } from "./key-spend";

const nowrap = { whiteSpace: "nowrap" } as const;
const small = { fontSize: 12 } as const;

/** A short time (a day, "3 hours ago") with the exact date and time on hover. */
function Stamp({ text, iso, exact }: { text: string; iso: string | null; exact: (iso: string) => string }) {
  return iso ? (
    <Tooltip title={exact(iso)}>
      <span style={nowrap}>{text}</span>
    </Tooltip>
  ) : (
    <Typography.Text type="secondary" style={nowrap}>
      {text}
    </Typography.Text>
  );
}

/** What the keys' table (wide screens) and cards (phones) show. */
export interface ApiKeyListProps {
  keys: ApiKeyView[];
  loading: boolean;
  empty: ReactNode;
  onRoll: (key: ApiKeyView) => void;
  onLimits: (key: ApiKeyView) => void;
}

/**
 * The keys on a wide screen, one row each, keys that no longer work greyed. The mode sits by the
 * name and the hint under it, and days stand for dates (times on hover), so that a row fits a
 * 1366 px screen in all four languages.
 */
export function ApiKeysTable(props: ApiKeyListProps) {
  const { t } = useTranslation();
  const times = useKeyTimes();
  return (
    <Table<ApiKeyView>
      rowKey="id"
      size="middle"
      loading={props.loading}
      dataSource={props.keys}
      pagination={false}
      scroll={{ x: "max-content" }}
      locale={{ emptyText: props.empty }}
      data-testid="api-keys-table"
      onRow={(key) => ({
        "data-testid": "api-key-row",
        style: isClosed(key) ? { opacity: 0.55 } : undefined,
      })}
      columns={[
        {
          key: "name",
          title: t("apiKeys:columns.name"),
          render: (_, key) => (
            <Flex vertical gap={2} align="flex-start">
              <Flex gap={8} align="center">
                <Typography.Text strong>{key.name}</Typography.Text>
                <ModeTag mode={key.mode} />
              </Flex>
              <KeyHint hint={key.hint} style={small} />
            </Flex>
          ),
        },
        {
          key: "scopes",
          title: t("apiKeys:columns.scopes"),
          render: (_, key) => <ScopeTags scopes={key.scopes} style={{ maxWidth: 200 }} />,
        },
        {
          key: "status",
          title: t("apiKeys:columns.status"),
          render: (_, key) => (
            <Flex vertical gap={2} align="flex-start" style={{ maxWidth: 150 }}>
              <KeyStatusTag status={key.status} />
              {times.statusNote(key) && (
                <Typography.Text type="secondary" style={small}>
                  {times.statusNote(key)}
                </Typography.Text>
              )}
            </Flex>
          ),
        },
        {
          key: "spend",
          title: t("apiKeys:columns.spend"),
          render: (_, key) => <KeySpend apiKey={key} />,
        },
        {
          key: "lastUsed",
          title: t("apiKeys:columns.lastUsed"),
          render: (_, key) => <Stamp text={times.lastUsed(key)} iso={key.lastUsedAt} exact={times.date} />,
        },
        {
          key: "expires",
          title: t("apiKeys:columns.expires"),
          render: (_, key) => <Stamp text={times.expires(key)} iso={key.expiresAt} exact={times.date} />,
        },
        {
          key: "created",
          title: t("apiKeys:columns.created"),
          render: (_, key) => (
            <Flex vertical gap={0}>
              <Stamp text={times.day(key.createdAt)} iso={key.createdAt} exact={times.date} />
              {key.createdBy && (
                <Typography.Text type="secondary" style={small}>
                  {t("apiKeys:createdBy", { name: key.createdBy.name })}
                </Typography.Text>
              )}
            </Flex>
          ),
        },
        {
          key: "actions",
          title: <VisuallyHidden>{t("common:a11y.actions")}</VisuallyHidden>,
          // Where a language's longer words still overflow the row, the actions stay in view.
          fixed: "right",
          render: (_, key) => (
            <ApiKeyActions apiKey={key} onRoll={props.onRoll} onLimits={props.onLimits} stacked />
          ),
        },
      ]}
    />
  );
}
