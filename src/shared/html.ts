/**
 * Text made safe to put in HTML or SVG, as element content or a quoted attribute value: the one
 * escaper of the product's hand-written markup (the card provider's form page, the charts). The
 * emails are written with `hono/html`, which escapes what it interpolates.
 */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
