import type { DraftView, JobCreateBody } from "@nc/contracts/jobs";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** POST /api/tenant/job as a draft: the list is read and counted, nothing is reserved yet. */
export const createListDraft = (body: Omit<JobCreateBody, "draft">) =>
  api<DraftView>("/api/tenant/job", { method: "POST", body: { ...body, draft: true } });

export const useCreateListDraft = () => useMutation({ mutationFn: createListDraft });
