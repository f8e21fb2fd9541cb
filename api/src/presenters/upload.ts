/** Upload rows as the API shows them (`GET /api/uploads/{uploadId}`), and who may see them. */
import type { Request } from 'express';
import type { PrintSize } from '../../../shared/pricing';
import type { UploadInfo, UploadStatus } from '../../../shared/upload';

/** The columns of `uploads` the API reads. */
export type UploadRow = {
  id: string;
  session_sid: string | null;
  user_id: string | null;
  file_name: string;
  file_size: number;
  storage_key: string;
  status: UploadStatus;
  page_count: number | null;
  detected_size: PrintSize | null;
  actual_size: string | null;
  message: string | null;
  preview_count: number;
  created_at: Date;
};

/** The contract's upload JSON. */
export function presentUpload(row: UploadRow): UploadInfo {
  return {
    uploadId: row.id,
    status: row.status,
    fileName: row.file_name,
    fileSize: row.file_size,
    pageCount: row.page_count,
    detectedSize: row.detected_size,
    actualSize: row.actual_size,
    message: row.message,
  };
}

/**
 * The browser session that uploaded it, the signed-in account it was uploaded under (the same rule
 * checkout uses) and the admin may see an upload; everyone else gets 404.
 */
export function canAccessUpload(req: Request, row: Pick<UploadRow, 'session_sid' | 'user_id'>): boolean {
  if (req.shop.adminUsername) return true;
  if (req.shop.sid && row.session_sid === req.shop.sid) return true;
  return req.shop.userId !== null && row.user_id === req.shop.userId;
}
