import type { JobRow } from "./job-repo";

/**
 * The notice to whoever submitted a job (or every member when nobody did) that it finished; it
 * links to the job's page (`jobId`) and keeps the counts as numbers, written the reader's way.
 */
export function jobCompletedNotice(job: JobRow) {
  return {
    tenantId: job.tenant_id,
    userId: job.submitted_by,
    type: "job_completed" as const,
    params: { jobId: job.id, service: job.service, done: job.done, total: job.total, failed: job.failed },
  };
}
