/** The engine's invoice writer (pdfkit with the page fonts), the one way the server draws an invoice. */
export { invoicePdf as writeInvoicePdf, type InvoiceText } from '@studio/engine/output/invoice-pdf';
