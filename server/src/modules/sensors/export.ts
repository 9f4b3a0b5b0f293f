import type { Response } from 'express';
import type { Database } from '@aircloud/core/db/client';
import { copySensorExport, exportFileName } from '@aircloud/core/telemetry/export';

/** Streams a sensor's export as the HTTP answer: a CSV attachment, never cached. */
export async function streamExport(
  db: Pick<Database, '$client'>,
  res: Response,
  sensor: { id: string; serialNumber: string },
  from: Date,
  to: Date,
): Promise<void> {
  await copySensorExport(db, sensor.id, from, to, res, () => {
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${exportFileName(sensor.serialNumber, from, to)}"`,
    );
    res.setHeader('Cache-Control', 'no-store');
  });
}
