import { DeleteOutlined, DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { Alert, Button, Popconfirm, Space } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadOverrides, readOverridesFile } from "./import-export";
import { isEmptyOverrides } from "./overrides";
import { resetOverrides, setOverrides, useThemeOverrides } from "./overrides-store";

/** Export to a JSON file, import one (docs/security.md, "Roles and rights inside an organisation"; docs/architecture.md, "Decisions and why": an invalid file is refused), reset. */
export function ImportExportActions() {
  const { t } = useTranslation("theme-editor");
  const overrides = useThemeOverrides();
  const fileInput = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<"invalid" | "imported" | null>(null);

  async function onFile(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ""; // the same file may be chosen again
    if (!file) return;
    const imported = await readOverridesFile(file);
    if (imported) setOverrides(imported);
    setOutcome(imported ? "imported" : "invalid");
  }

  return (
    <Space orientation="vertical" size={8} style={{ width: "100%" }}>
      {outcome && (
        <Alert
          type={outcome === "invalid" ? "error" : "success"}
          showIcon
          closable={{ onClose: () => setOutcome(null) }}
          title={outcome === "invalid" ? t("theme-editor:importInvalid") : t("theme-editor:imported")}
          data-testid="theme-editor-import-outcome"
        />
      )}
      <Space wrap size={8}>
        <Button size="small" icon={<DownloadOutlined />} onClick={() => downloadOverrides(overrides)}>
          {t("theme-editor:export")}
        </Button>
        <Button size="small" icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
          {t("theme-editor:import")}
        </Button>
        <Popconfirm
          title={t("theme-editor:resetConfirm")}
          okText={t("theme-editor:reset")}
          cancelText={t("theme-editor:cancel")}
          okButtonProps={{ danger: true }}
          onConfirm={() => {
            resetOverrides();
            setOutcome(null);
          }}
        >
          <Button size="small" danger icon={<DeleteOutlined />} disabled={isEmptyOverrides(overrides)}>
            {t("theme-editor:reset")}
          </Button>
        </Popconfirm>
      </Space>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label={t("theme-editor:import")}
        data-testid="theme-editor-import-file"
        onChange={onFile}
      />
    </Space>
  );
}
