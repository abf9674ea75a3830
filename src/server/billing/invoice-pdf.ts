/**
 * Invoices and receipts as PDF (pdfkit, standard Helvetica: no font files). The bytes depend only
 * on the record: the document's dates are the bill's issue date or the payment's date, so the same
 * bill always gives the same file (tests compare it byte for byte and read its text back).
 */
import {
  addressOneLine,
  billToLines,
  type BillTo,
  type StreetAddress,
} from '#shared/billing/schemas';
import { formatCents, toCents } from '#shared/cart/money';
import { BILLING_STATUS_LABELS as STATUS_LABELS, INVOICE_TEXT } from '#shared/billing/messages';
import type { AppDeps } from '../context.ts';
import { billDetail, paymentDetail } from './records.ts';

async function render(
  at: string,
  title: string,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  // Loaded on the first document: an idle server does not hold pdfkit (about 18 MiB).
  const { default: PDFDocument } = await import('pdfkit');
  const fixed = new Date(`${at}T12:00:00Z`);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: {
      Title: title,
      Producer: 'pdfkit',
      Creator: 'billing',
      CreationDate: fixed,
      ModDate: fixed,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** The title, then who the record is addressed to and the service address, line by line. */
function header(
  doc: PDFKit.PDFDocument,
  productName: string,
  title: string,
  billTo: BillTo,
  service: StreetAddress | null,
) {
  doc.font('Helvetica-Bold').fontSize(18).text(productName);
  doc.font('Helvetica').fontSize(14).text(title).moveDown();
  doc.fontSize(10).font('Helvetica-Bold').text(INVOICE_TEXT.billTo);
  doc.font('Helvetica');
  for (const line of billToLines(billTo)) doc.text(line);
  if (service) {
    doc.moveDown(0.5).font('Helvetica-Bold').text(INVOICE_TEXT.serviceAddress);
    doc.font('Helvetica').text(addressOneLine(service));
  }
  doc.moveDown();
}

function row(doc: PDFKit.PDFDocument, left: string, right: string, bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  doc.text(left, 54, y, { width: 380 });
  const after = doc.y;
  doc.text(right, 440, y, { width: 118, align: 'right' });
  doc.y = Math.max(after, doc.y);
  doc.x = 54;
}

export async function billInvoicePdf(deps: AppDeps, cid: number, billId: number): Promise<Buffer> {
  const { db } = deps.database;
  const bill = await billDetail(db, cid, billId);
  const title = INVOICE_TEXT.invoiceTitle(bill.bill_id);
  return render(bill.issue_date, title, (doc) => {
    // Addressed as the bill was issued: its own record, never the customer's data of today.
    header(doc, deps.config.productName, title, bill.bill_to, bill.service_address);
    doc.fontSize(10).font('Helvetica');
    doc.text(`Issue date: ${bill.issue_date}`);
    doc.text(`Due date: ${bill.due_date}`);
    if (bill.period_start && bill.period_end) {
      doc.text(`Service period: ${bill.period_start} to ${bill.period_end}`);
    }
    doc.text(`Status: ${STATUS_LABELS[bill.status]}`).moveDown();
    row(doc, 'Description', 'Amount', true);
    for (const line of bill.lines) {
      const description =
        line.quantity > 1 ? `${line.description} x ${line.quantity}` : line.description;
      if (line.note) row(doc, `${description}: ${line.note}`, '');
      else row(doc, description, formatCents(toCents(line.amount)));
    }
    doc.moveDown(0.5);
    row(doc, INVOICE_TEXT.subtotal, formatCents(toCents(bill.subtotal)));
    row(doc, INVOICE_TEXT.tax(bill.tax_rate), formatCents(toCents(bill.tax)));
    row(doc, INVOICE_TEXT.total, formatCents(toCents(bill.total)), true);
    row(doc, INVOICE_TEXT.paymentsApplied, formatCents(-toCents(bill.paid)));
    row(doc, INVOICE_TEXT.amountDue, formatCents(toCents(bill.amount_due)), true);
  });
}

export async function paymentReceiptPdf(
  deps: AppDeps,
  cid: number,
  paymentId: number,
): Promise<Buffer> {
  const { db } = deps.database;
  const payment = await paymentDetail(db, cid, paymentId);
  const title = INVOICE_TEXT.receiptTitle(payment.payment_id);
  return render(payment.payment_date, title, (doc) => {
    header(doc, deps.config.productName, title, payment.bill_to, payment.service_address);
    doc.fontSize(10).font('Helvetica');
    doc.text(`Payment date: ${payment.payment_date}`);
    if (payment.settled_date) doc.text(`Settled: ${payment.settled_date}`);
    doc.text(`Paid with: ${payment.account_label}`);
    doc.text(`Status: ${STATUS_LABELS[payment.status]}`);
    if (payment.failure_message) doc.text(`Reason: ${payment.failure_message}`);
    doc.moveDown();
    row(doc, 'Amount', formatCents(toCents(payment.amount)), true);
  });
}
