/** CSV as spreadsheets read it: comma-separated, CRLF lines, a field quoted when it must be. */
export function csvLine(fields: readonly (string | number | null)[]): string {
  return fields
    .map((field) => {
      const text = field === null ? '' : String(field);
      // A leading =, +, - or @ would be a formula to a spreadsheet: quoted with a ' it is text.
      const safe = /^[=+@]/.test(text) || (/^-/.test(text) && !/^-\d/.test(text)) ? `'${text}` : text;
      return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
    })
    .join(',');
}

export const csvOf = (rows: readonly (readonly (string | number | null)[])[]) => rows.map(csvLine).join('\r\n') + '\r\n';
