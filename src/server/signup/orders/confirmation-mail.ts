/** The email a new customer gets when the order is placed (it goes to the outbox). */
import { formatCents, type Cart } from '#shared/cart/index';
import { recurringTotalLabel } from '#shared/signup/messages';
import { ORDER_MESSAGES } from '#shared/signup/messages';
import { html } from 'hono/html';
import type { OutgoingMail } from '../../mail/outbox.ts';
import { mailHtml } from '../../mail/templates.ts';

export interface ConfirmationMailInput {
  productName: string;
  to: string;
  firstName: string;
  username: string;
  orderId: number;
  serviceAddress: string;
  cart: Cart;
  /** "Tue, Dec 1, 8:00 AM - 10:00 AM" when an installation was booked. */
  installation: string | null;
  loginUrl: string;
}

export function orderConfirmationMail(input: ConfirmationMailInput): OutgoingMail {
  const services = input.cart.lines
    .filter((line) => line.item.rate_type === 'price' && line.depth === 0)
    .map((line) =>
      line.item.quantity > 1
        ? `${line.item.description} (x${line.item.quantity})`
        : line.item.description,
    );
  const { totals } = input.cart;
  const amounts = [
    `Due today: ${formatCents(totals.due_today.total_cents)}`,
    `Due later upon installation and activation: ${formatCents(totals.due_later.total_cents)}`,
    ...totals.recurring.map(
      (stretch) => `${recurringTotalLabel(stretch)}: ${formatCents(stretch.total_cents)}`,
    ),
  ];
  const facts = [
    `Order number: ${input.orderId}`,
    `Username: ${input.username}`,
    `Service address: ${input.serviceAddress}`,
    ...(input.installation ? [`Installation: ${input.installation}`] : []),
  ];
  const greeting = `Hello ${input.firstName},`;
  const thanks = `Thank you for ordering ${input.productName}. We have received your order and will be in touch about the next steps.`;
  return {
    to: input.to,
    subject: `${ORDER_MESSAGES.confirmationSubject}: ${input.productName} order ${input.orderId}`,
    text: [
      greeting,
      '',
      thanks,
      '',
      ...facts,
      '',
      'You ordered:',
      ...services.map((service) => `- ${service}`),
      '',
      ...amounts,
      '',
      `Log in to your account at ${input.loginUrl}`,
      '',
      input.productName,
    ].join('\n'),
    html: mailHtml(input.productName, [
      html`<p>${greeting}</p>`,
      html`<p>${thanks}</p>`,
      html`<ul>
        ${facts.map((fact) => html`<li>${fact}</li>`)}
      </ul>`,
      html`<p>You ordered:</p>`,
      html`<ul>
        ${services.map((service) => html`<li>${service}</li>`)}
      </ul>`,
      html`<ul>
        ${amounts.map((amount) => html`<li>${amount}</li>`)}
      </ul>`,
      html`<p><a href="${input.loginUrl}">Log in to your account</a></p>`,
    ]),
  };
}
