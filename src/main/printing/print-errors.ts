/**
 * How a send to the receipt printer failed, whichever link it took: the queue keeps a job that did
 * not go for another try, and leaves one that may have printed to the operator.
 */

/** How long any link may take over a whole job: a printer that stops taking data is given up on. */
export const SEND_DEADLINE_MS = 30_000;

/** The job was not sent: it may wait and go again. The message is for the operator. */
export class PrinterUnavailable extends Error {}

/** The job went out but its end was not confirmed: it may have printed, so it must not go again by itself. */
export class PrintUncertain extends Error {}
