/**
 * The report thread's entry (report-thread.ts starts it): it opens its own read-only connection
 * and answers each request for a sales report in turn, each from one snapshot of the database.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openReader } from '../db/connection.js';
import { createSalesReports } from '../domain/sales-report.js';
import { threadError, type ReportReply, type ReportRequest, type ReportThreadData } from './report-messages.js';

const port = parentPort;
if (!port) throw new Error('report-worker.ts runs as a worker thread (report-thread.ts)');
const { file } = workerData as ReportThreadData;
const reader = openReader(file);
const reports = createSalesReports(reader.db);

port.on('message', ({ id, actor, query }: ReportRequest) => {
  let reply: ReportReply;
  try {
    reply = { id, report: reader.db.transaction(() => reports.salesReport(actor, query)) };
  } catch (error) {
    reply = { id, error: threadError(error) };
  }
  port.postMessage(reply);
});
