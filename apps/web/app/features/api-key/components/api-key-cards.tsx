import { Card, Flex, Spin, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isClosed } from "../key-state";
import { useKeyTimes } from "../use-key-times";
import { ApiKeyActions } from "./api-key-actions";
import { KeyHint, KeyStatusTag, ModeTag, ScopeTags } from "./api-key-tags";
import type { ApiKeyListProps } from "./api-keys-table";
import { KeySpend } from "./key-spend";

/** The keys on a phone: one card each, the same facts as the table's row, stacked. */
export function ApiKeyCards(props: ApiKeyListProps) {
  const { t } = useTranslation();
  const times = useKeyTimes();
  if (props.loading) return <Spin style={{ display: "block", margin: "24px auto" }} />;
  if (props.keys.length === 0) return props.empty;
  const line = (label: string, value: ReactNode) => (
    <div>
      <Typography.Text type="secondary" style={{ marginInlineEnd: 4 }}>
        {t("apiKeys:labelled", { label })}
      </Typography.Text>
      <Typography.Text>{value}</Typography.Text>
    </div>
  );
  return (
    <Flex vertical gap={8} data-testid="api-key-cards">
      {props.keys.map((key) => (
        <Card
          key={key.id}
          size="small"
          data-testid="api-key-row"
          style={isClosed(key) ? { opacity: 0.55 } : undefined}
          styles={{ body: { display: "grid", gap: 6 } }}
        >
          <Flex justify="space-between" align="center" gap={8}>
            <Typography.Text strong ellipsis>
              {key.name}
            </Typography.Text>
            <Flex gap={4}>
              <ModeTag mode={key.mode} />
              <KeyStatusTag status={key.status} />
            </Flex>
          </Flex>
          <KeyHint hint={key.hint} />
          <ScopeTags scopes={key.scopes} />
          {times.statusNote(key) && (
            <Typography.Text type="secondary">{times.statusNote(key)}</Typography.Text>
          )}
          <KeySpend apiKey={key} />
          {line(t("apiKeys:columns.lastUsed"), times.lastUsed(key))}
          {line(t("apiKeys:columns.expires"), times.expires(key))}
          {line(
            t("apiKeys:columns.created"),
            key.createdBy
              ? `${times.day(key.createdAt)} · ${t("apiKeys:createdBy", { name: key.createdBy.name })}`
              : times.day(key.createdAt),
          )}
          {!isClosed(key) && (
            <div style={{ marginInlineStart: -8 }}>
              <ApiKeyActions apiKey={key} onRoll={props.onRoll} onLimits={props.onLimits} />
            </div>
          )}
        </Card>
      ))}
    </Flex>
  );
}
