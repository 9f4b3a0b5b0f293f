import type { Response } from 'express';
import type { ExportSink } from './service.ts';

/** An export as the HTTP answer: a CSV attachment, never cached, its headers set as it begins. */
export function csvAttachment(res: Response): ExportSink {
  return {
    stream: res,
    start: ({ fileName }) => {
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
      res.setHeader('Cache-Control', 'no-store');
    },
  };
}
