/**
 * Reading the PDFs the service renders the way a person or a printer would, with poppler (as CI
 * installs it): pdftotext for the text as laid out, pdfinfo for pages and size, pdftoppm for
 * pixels. The tools read files, so each call writes the PDF to a temp dir it removes again.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../src/main/paths.js';

const run = promisify(execFile);

async function withPdfFile<T>(pdf: Buffer, body: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'ticket-counter-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return await body(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of every page, in reading order with its layout kept (`pdftotext -layout`). */
export function pdfText(pdf: Buffer): Promise<string> {
  return withPdfFile(pdf, async (file) => (await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'])).stdout);
}

export interface PdfInfo {
  pages: number;
  /** Of the first page, in points. */
  width: number;
  height: number;
}

export function pdfInfo(pdf: Buffer): Promise<PdfInfo> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdfinfo', [file]);
    const pages = /^Pages:\s+(\d+)$/m.exec(stdout);
    const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(stdout);
    if (!pages || !size) throw new Error(`unexpected pdfinfo output:\n${stdout}`);
    return { pages: Number(pages[1]), width: Number(size[1]), height: Number(size[2]) };
  });
}

/** Each page as a PNG at `dpi` (`pdftoppm -png`), first page first. */
export function pdfPages(pdf: Buffer, dpi: number): Promise<Buffer[]> {
  return withPdfFile(pdf, async (file, dir) => {
    await run('pdftoppm', ['-png', '-r', String(dpi), file, join(dir, 'page')]);
    // pdftoppm pads the page numbers to one width, so the names sort in page order.
    const names = readdirSync(dir).filter((name) => name.startsWith('page-') && name.endsWith('.png')).sort();
    return names.map((name) => readFileSync(join(dir, name)));
  });
}

/** Whether the bytes open and close like a PDF file: the `%PDF-` header and the `%%EOF` marker. */
export function looksLikePdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-' && /%%EOF\s*$/.test(bytes.subarray(-32).toString('latin1'));
}

/**
 * Keeps a file under test-results/<folder>/ (gitignored), so that a person can look at what the
 * tests rendered. Returns its path.
 */
export function saveArtifact(folder: string, name: string, data: Buffer): string {
  const dir = join(projectRoot(), 'test-results', folder);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
}
