import { ALL_PERMISSIONS } from "@nc/contracts/permission-catalog";
import { Transfer } from "antd";
import { useTranslation } from "react-i18next";

export const TRANSFER_WIDTH = 440;

/** Picks permissions from the catalogue: available on the left, granted on the right (spec: 440 px). */
export function PermissionTransfer(props: {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const data = ALL_PERMISSIONS.map((key) => {
    const [resource, action] = key.split(":") as [string, string];
    return {
      key,
      title: `${t(`permissions:groups.${resource}`)} · ${t(`permissions:actions.${action}`)}`,
      description: key,
    };
  });
  return (
    <div id={props.id} style={{ width: TRANSFER_WIDTH, maxWidth: "100%" }} data-testid="permission-transfer">
      <Transfer
        dataSource={data}
        targetKeys={props.value ?? []}
        onChange={(keys) => props.onChange?.(keys.map(String))}
        render={(item) => item.title}
        showSearch
        filterOption={(input, item) =>
          `${item.title} ${item.description}`.toLowerCase().includes(input.toLowerCase())
        }
        titles={[t("tenant:roles.available"), t("tenant:roles.granted")]}
        styles={{ section: { width: "100%", height: 360 } }}
        locale={{ searchPlaceholder: t("tenant:roles.search") }}
      />
    </div>
  );
}
