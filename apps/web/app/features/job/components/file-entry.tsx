import { InboxOutlined } from "@ant-design/icons";
import type { DraftView, UploadView } from "@nc/contracts/jobs";
import type { ServiceCode } from "@nc/contracts/services";
import { Alert, Form, Progress, Space, Typography, Upload } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CountrySelect } from "../../../shell/components/country-select";
import { errorText } from "../../../shell/forms/api-error-feedback";
import { discardJob } from "../api/job-actions";
import { uploadFile } from "../api/upload-file";
import { readAsText } from "../read-as";
import { ColumnPicker } from "./column-picker";
import { KeptColumnsNote } from "./kept-columns-note";

const ACCEPT = ".csv,.txt,.xlsx";

/**
 * A file (CSV, TXT or XLSX, dropped or chosen): sent as it is and read by the server as it
 * streams in, into a draft. The column picker re-reads the same file with another column.
 */
export function FileEntry(props: { service: ServiceCode; onDraft: (draft: DraftView | null) => void }) {
  const { t } = useTranslation();
  const [defaultCountry, setDefaultCountry] = useState<string>();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [read, setRead] = useState<UploadView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function send(next: File, choice?: { column: number; header: boolean }, country = defaultCountry) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    if (read) void discardJob(read.job.id).catch(() => undefined);
    setFile(next);
    setRead(null);
    setFailure(null);
    props.onDraft(null);
    setSent(0);
    try {
      const view = await uploadFile({
        file: next,
        service: props.service,
        defaultCountry: country,
        ...choice,
        onProgress: setSent,
        signal: controller.signal,
      });
      setRead(view);
      props.onDraft(view.job);
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      setFailure(errorText(error, t));
    } finally {
      if (abort.current === controller) setSent(null);
    }
  }

  const busy = sent !== null;
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Form layout="vertical">
        <Form.Item
          label={t("detection:single.defaultCountry")}
          extra={t("detection:single.defaultCountryHelp")}
        >
          <CountrySelect
            testId="detection-file-country"
            value={defaultCountry}
            onChange={(value) => {
              setDefaultCountry(value);
              if (file && read)
                void send(file, { column: read.table.column, header: read.table.header }, value);
            }}
          />
        </Form.Item>
      </Form>
      <Upload.Dragger
        accept={ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(chosen) => {
          void send(chosen);
          return false;
        }}
        data-testid="detection-file-drop"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t("detection:file.drop")}</p>
        <p className="ant-upload-hint">{t("detection:file.hint")}</p>
      </Upload.Dragger>
      <KeptColumnsNote />
      {busy && (
        <div data-testid="detection-file-progress">
          <Typography.Text>
            {sent < 1
              ? t("detection:file.sending", { name: file?.name })
              : t("detection:file.reading", { name: file?.name })}
          </Typography.Text>
          <Progress
            percent={Math.floor(sent * 100)}
            status="active"
            aria-label={
              sent < 1
                ? t("detection:file.sending", { name: file?.name })
                : t("detection:file.reading", { name: file?.name })
            }
          />
        </div>
      )}
      {failure && <Alert type="error" showIcon message={failure} data-testid="detection-file-error" />}
      {read && file && (
        <Space orientation="vertical" style={{ width: "100%" }} data-testid="detection-file-read">
          <Typography.Text type="secondary">{readAsText(t, file.name, read.table)}</Typography.Text>
          {read.table.columns.length > 1 || read.table.header ? (
            <ColumnPicker
              columns={read.table.columns}
              column={read.table.column}
              header={read.table.header}
              disabled={busy}
              onChange={(choice) => void send(file, choice)}
            />
          ) : null}
        </Space>
      )}
    </Space>
  );
}
