import type { Response } from 'express';
import type { ExportFormat } from '@aircloud/shared/sensors';
import type { ExportSink } from './service.ts';

/** The media type of each export format. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** An export as the HTTP answer: an attachment, never cached, its headers set as it begins. */
export function exportAttachment(res: Response): ExportSink {
  return {
    stream: res,
    start: ({ fileName, format }) => {
      res.status(200);
      res.setHeader('Content-Type', EXPORT_CONTENT_TYPES[format]);
      res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
      res.setHeader('Cache-Control', 'no-store');
    },
  };
}
