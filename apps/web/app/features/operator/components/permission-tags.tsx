import {
  OPERATOR_PERMISSION_CATALOG,
  type OperatorPermission,
  type OperatorPermissionResource,
} from "@nc/contracts/operator";
import { Descriptions, Space, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { OPERATOR_PERMISSION_LABEL_KEYS, OPERATOR_RESOURCE_LABEL_KEYS } from "../permission-labels";

/** The catalogue's resources, in its order, with the rights of each. */
export const CATALOG_GROUPS = (
  Object.entries(OPERATOR_PERMISSION_CATALOG) as [OperatorPermissionResource, readonly string[]][]
).map(([resource, actions]) => ({
  resource,
  rights: actions.map((action) => `${resource}:${action}` as OperatorPermission),
}));

/** The rights held, grouped by resource, with their translated names. */
export function PermissionTags({ rights }: { rights: readonly OperatorPermission[] }) {
  const { t } = useTranslation();
  const groups = CATALOG_GROUPS.map((g) => ({
    ...g,
    held: g.rights.filter((r) => rights.includes(r)),
  })).filter((g) => g.held.length > 0);
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      data-testid="operator-rights"
      items={groups.map((g) => ({
        key: g.resource,
        label: t(OPERATOR_RESOURCE_LABEL_KEYS[g.resource]),
        children: (
          <Space size={[4, 4]} wrap>
            {g.held.map((right) => (
              <Tag key={right}>{t(OPERATOR_PERMISSION_LABEL_KEYS[right])}</Tag>
            ))}
          </Space>
        ),
      }))}
    />
  );
}
